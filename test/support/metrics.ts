/**
 * A counter or gauge that carries only the registry's default labels (`service`), read from a
 * service's /metrics on its ops port; 0 before it was first set.
 */
export async function metricValue(opsPort: number, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${opsPort}/metrics`)).text();
  return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+(?:\\.\\d+)?)$`, 'm').exec(text)?.[1] ?? 0);
}
