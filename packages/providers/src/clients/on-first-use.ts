/**
 * `load` run once, when first needed: each SDK client loads its package (and makes its client) on
 * the surface's first call, not when the process starts. Most processes, and every test file that
 * starts a runner, never ask some of the surfaces, and the three SDKs take about 0.4 s of CPU to load.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}
