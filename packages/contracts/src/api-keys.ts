/**
 * API keys look like `brk_<keyId>_<secret>`: the key id (12 hex characters)
 * finds the stored record, the secret (43 base64url characters, 256 bits) is
 * only ever stored as its SHA-256. Shared by the gateway, which parses keys,
 * and billing, which issues them.
 */
const API_KEY_PATTERN = /^brk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export function formatApiKey(keyId: string, secret: string): string {
  return `brk_${keyId}_${secret}`;
}

export function parseApiKey(key: string): { keyId: string; secret: string } | null {
  const m = API_KEY_PATTERN.exec(key);
  return m ? { keyId: m[1]!, secret: m[2]! } : null;
}
