import { parseApiKey } from '@brandradar/contracts';
import { digestsMatch, generateApiKey, sha256Hex } from './api-keys';

describe('API keys', () => {
  it('issues keys in the published format and keeps only the secret hash', () => {
    const key = generateApiKey();
    const parsed = parseApiKey(key.apiKey);
    expect(parsed?.keyId).toBe(key.keyId);
    expect(key.secretSha256).toBe(sha256Hex(parsed!.secret));
    expect(key.apiKey).not.toContain(key.secretSha256);
  });

  it('never issues the same key twice', () => {
    const ids = new Set(Array.from({ length: 200 }, () => generateApiKey().apiKey));
    expect(ids.size).toBe(200);
  });

  it('compares digests exactly', () => {
    const d = sha256Hex('secret');
    expect(digestsMatch(d, d)).toBe(true);
    expect(digestsMatch(d, sha256Hex('secreT'))).toBe(false);
    expect(digestsMatch(d, '')).toBe(false);
    expect(digestsMatch(d, d.slice(0, 62))).toBe(false);
  });
});
