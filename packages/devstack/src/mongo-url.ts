/**
 * `url` (mongodb://host/…) with a user and password in it, each percent-encoded, so a password
 * with `@`, `:`, `/`, `?`, `#` or `%` in it still means itself.
 */
export function withCredentials(url: string, user: string, password: string): string {
  const scheme = /^mongodb(\+srv)?:\/\//.exec(url);
  if (!scheme) throw new Error('not a mongodb:// or mongodb+srv:// URL');
  const rest = url.slice(scheme[0].length);
  if (/^[^/?#]*@/.test(rest)) throw new Error('the URL has credentials already');
  return `${scheme[0]}${encodeURIComponent(user)}:${encodeURIComponent(password)}@${rest}`;
}
