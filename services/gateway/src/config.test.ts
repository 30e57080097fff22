import { ConfigError, loadConfig } from '@brandradar/platform';
import { gatewayConfigSchema, httpDrainMs, oidcSettings, signInOptions } from './config';

const env = { NATS_URL: 'nats://localhost:4222', NATS_USER: 'svc', NATS_PASSWORD: 'secret' };

describe('gateway config', () => {
  it('limits each API key to 600 requests a minute in bursts of 100 by default', () => {
    expect(loadConfig('gateway', gatewayConfigSchema, env)).toMatchObject({ RATE_LIMIT_PER_MINUTE: 600, RATE_LIMIT_BURST: 100 });
    expect(loadConfig('gateway', gatewayConfigSchema, { ...env, RATE_LIMIT_PER_MINUTE: '60', RATE_LIMIT_BURST: '5' })).toMatchObject({ RATE_LIMIT_PER_MINUTE: 60, RATE_LIMIT_BURST: 5 });
  });

  it('refuses a rate limit that is not a positive whole number', () => {
    const attempt = () => loadConfig('gateway', gatewayConfigSchema, { ...env, RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_BURST: '2.5' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/RATE_LIMIT_PER_MINUTE[\s\S]*RATE_LIMIT_BURST/);
  });

  it('keeps verified keys and the rate card 30 s, at most 10,000 keys, by default; 0 turns the caches off', () => {
    expect(loadConfig('gateway', gatewayConfigSchema, env)).toMatchObject({ CACHE_TTL_MS: 30_000, API_KEY_CACHE_MAX_ENTRIES: 10_000 });
    expect(loadConfig('gateway', gatewayConfigSchema, { ...env, CACHE_TTL_MS: '0' })).toMatchObject({ CACHE_TTL_MS: 0 });
    expect(() => loadConfig('gateway', gatewayConfigSchema, { ...env, CACHE_TTL_MS: '-1', API_KEY_CACHE_MAX_ENTRIES: '0' })).toThrow(/CACHE_TTL_MS[\s\S]*API_KEY_CACHE_MAX_ENTRIES/);
  });

  it('keeps idle connections 65 s by default, longer than the usual 60 s load balancer idle timeout', () => {
    expect(loadConfig('gateway', gatewayConfigSchema, env)).toMatchObject({ HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000 });
    expect(loadConfig('gateway', gatewayConfigSchema, { ...env, HTTP_KEEP_ALIVE_TIMEOUT_MS: '350000' })).toMatchObject({ HTTP_KEEP_ALIVE_TIMEOUT_MS: 350_000 });
    expect(() => loadConfig('gateway', gatewayConfigSchema, { ...env, HTTP_KEEP_ALIVE_TIMEOUT_MS: '10' })).toThrow(/HTTP_KEEP_ALIVE_TIMEOUT_MS/);
  });

  it('drains connections 5 s on shutdown by default, and never for more than half the whole shutdown may take', () => {
    expect(httpDrainMs(loadConfig('gateway', gatewayConfigSchema, env))).toBe(5_000);
    expect(httpDrainMs(loadConfig('gateway', gatewayConfigSchema, { ...env, HTTP_DRAIN_MS: '0' }))).toBe(0);
    expect(httpDrainMs(loadConfig('gateway', gatewayConfigSchema, { ...env, HTTP_DRAIN_MS: '20000', SHUTDOWN_GRACE_MS: '8000' }))).toBe(4_000);
  });

  it('takes an OpenID Provider with all three settings or none, and refuses half of one at start', () => {
    expect(oidcSettings(loadConfig('gateway', gatewayConfigSchema, env))).toBeNull();
    const all = { OIDC_ISSUER: 'https://login.example.com/', OIDC_CLIENT_ID: 'brandradar', OIDC_CLIENT_SECRET: 's3cret' };
    expect(oidcSettings(loadConfig('gateway', gatewayConfigSchema, { ...env, ...all }))).toEqual({ issuer: 'https://login.example.com/', clientId: 'brandradar', clientSecret: 's3cret' });
    const half = () => loadConfig('gateway', gatewayConfigSchema, { ...env, OIDC_ISSUER: all.OIDC_ISSUER });
    expect(half).toThrow(ConfigError);
    expect(half).toThrow(/OIDC_CLIENT_ID[\s\S]*OIDC_CLIENT_SECRET/);
  });

  it('tells the sign-in page the issuer by its display name or host, else e-mailed links; key sign-in only when turned on', () => {
    const load = (more: Record<string, string>) => signInOptions(loadConfig('gateway', gatewayConfigSchema, { ...env, ...more }));
    expect(load({})).toEqual({ oidc: null, emailLink: true, apiKey: false });
    expect(load({ WEB_APP_KEY_SIGN_IN: 'true' })).toEqual({ oidc: null, emailLink: true, apiKey: true });
    const issuer = { OIDC_ISSUER: 'https://login.example.com:8443/realms/x', OIDC_CLIENT_ID: 'brandradar', OIDC_CLIENT_SECRET: 's3cret' };
    expect(load(issuer)).toEqual({ oidc: { name: 'login.example.com:8443' }, emailLink: false, apiKey: false });
    expect(load({ ...issuer, OIDC_DISPLAY_NAME: 'Acme SSO' }).oidc).toEqual({ name: 'Acme SSO' });
  });
});
