import { formatApiKey, parseApiKey } from './api-keys';

describe('API key format', () => {
  const secret = 'A'.repeat(43);
  it('round-trips', () => {
    expect(parseApiKey(formatApiKey('0123456789ab', secret))).toEqual({ keyId: '0123456789ab', secret });
  });
  it.each([
    ['empty', ''],
    ['no prefix', `0123456789ab_${secret}`],
    ['short id', `brk_0123456789a_${secret}`],
    ['upper-case id', `brk_0123456789AB_${secret}`],
    ['short secret', `brk_0123456789ab_${secret.slice(1)}`],
    ['bad character', `brk_0123456789ab_${secret.slice(1)}+`],
    ['trailing text', `brk_0123456789ab_${secret} x`],
  ])('rejects %s', (_name, key) => {
    expect(parseApiKey(key)).toBeNull();
  });
});
