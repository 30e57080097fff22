/** `new URL('x', base)` drops the base's last path segment unless it ends in a slash. */
export function under(base: string, path: string): URL {
  return new URL(path, base.endsWith('/') ? base : `${base}/`);
}
