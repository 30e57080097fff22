/**
 * A counter or gauge read from a service's /metrics on its ops port: the series that carries
 * `label` (e.g. `result="hit"`), or the first one; 0 before it was first set.
 */
export async function metricValue(opsPort: number, name: string, label = ''): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${opsPort}/metrics`)).text();
  const labels = label ? `\\{[^}]*${label}[^}]*\\}` : '(?:\\{[^}]*\\})?';
  return Number(new RegExp(`^${name}${labels} (\\d+(?:\\.\\d+)?)$`, 'm').exec(text)?.[1] ?? 0);
}
