// A real OpenID Provider for tests: panva's oidc-provider (OpenID Certified), run as a process of
// its own (it is an ES module, which jest's CommonJS runtime cannot load). Its development
// interactions take any login with any password, so a test signs in over plain HTTP: POST
// `prompt=login&login=<user>` to /interaction/:uid, then `prompt=consent`. Settings by environment:
// OIDC_PORT, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI, and OIDC_USERS, a JSON object of
// users by login, each `{ email, email_verified }`. Prints `listening <issuer>` once it serves.
import Provider from 'oidc-provider';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const users = JSON.parse(env('OIDC_USERS'));
const issuer = `http://127.0.0.1:${env('OIDC_PORT')}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: env('OIDC_CLIENT_ID'),
      client_secret: env('OIDC_CLIENT_SECRET'),
      redirect_uris: [env('OIDC_REDIRECT_URI')],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  // Users by login; an unknown login is no account.
  findAccount: (_ctx, id) => (Object.hasOwn(users, id) ? { accountId: id, claims: () => ({ sub: id, email: users[id].email, email_verified: users[id].email_verified }) } : undefined),
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  cookies: { keys: ['brandradar-test-provider-only'] },
});
provider.on('server_error', (_ctx, err) => process.stderr.write(`provider error: ${err.stack}\n`));
provider.listen(Number(env('OIDC_PORT')), '127.0.0.1', () => process.stdout.write(`listening ${issuer}\n`));
