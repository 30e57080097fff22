import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatApiKey } from '@brandradar/contracts';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new key: the full key is shown once; only `secretSha256` is stored. */
export function generateApiKey(): { keyId: string; apiKey: string; secretSha256: string } {
  const keyId = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { keyId, apiKey: formatApiKey(keyId, secret), secretSha256: sha256Hex(secret) };
}

/** Constant-time comparison of two SHA-256 hex digests. */
export function digestsMatch(storedHex: string, presentedHex: string): boolean {
  const a = Buffer.from(storedHex, 'hex');
  const b = Buffer.from(presentedHex, 'hex');
  return a.length === 32 && b.length === 32 && timingSafeEqual(a, b);
}
