import type { LookupAddress, LookupOptions } from 'node:dns';
import { forbiddenAddress, guardedLookup, RefusedAddressError, refusedTarget, type LookupAll, type ResolvedAddress } from './target';

const strict = { allowPrivate: false };
const local = { allowPrivate: true };
const answering =
  (...addresses: string[]): LookupAll =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const unused: LookupAll = () => {
  throw new Error('a literal IP host must be checked without DNS');
};

describe('refusedTarget without private targets', () => {
  it.each([
    ['http://127.0.0.1/', 'URL must be an https:// URL.'],
    ['http://hooks.example.com/', 'URL must be an https:// URL.'],
    ['https://127.0.0.1/', 'URL must point to a public address; 127.0.0.1 is a loopback address.'],
    ['https://10.0.0.1/', 'URL must point to a public address; 10.0.0.1 is a private address.'],
    ['https://172.16.4.2/', 'URL must point to a public address; 172.16.4.2 is a private address.'],
    ['https://192.168.1.1:8443/hook', 'URL must point to a public address; 192.168.1.1 is a private address.'],
    ['https://169.254.169.254/latest/meta-data', 'URL must point to a public address; 169.254.169.254 is a link-local address.'],
    ['https://100.64.0.1/', 'URL must point to a public address; 100.64.0.1 is a carrier-grade NAT address.'],
    ['https://0.0.0.0/', 'URL must point to a public address; 0.0.0.0 is an unspecified address.'],
    ['https://224.0.0.1/', 'URL must point to a public address; 224.0.0.1 is a multicast address.'],
    ['https://255.255.255.255/', 'URL must point to a public address; 255.255.255.255 is the broadcast address.'],
    ['https://192.0.2.1/', 'URL must point to a public address; 192.0.2.1 is a reserved address.'],
    ['https://240.0.0.1/', 'URL must point to a public address; 240.0.0.1 is a reserved address.'],
    // The URL parser reads these as 127.0.0.1, as the socket would.
    ['https://2130706433/', 'URL must point to a public address; 127.0.0.1 is a loopback address.'],
    ['https://0x7f.1/', 'URL must point to a public address; 127.0.0.1 is a loopback address.'],
    ['https://[::1]/', 'URL must point to a public address; ::1 is a loopback address.'],
    ['https://[::]/', 'URL must point to a public address; :: is an unspecified address.'],
    ['https://[::ffff:127.0.0.1]/', 'URL must point to a public address; ::ffff:7f00:1 is an IPv4-mapped address of 127.0.0.1, a loopback address.'],
    ['https://[::ffff:169.254.169.254]/', 'URL must point to a public address; ::ffff:a9fe:a9fe is an IPv4-mapped address of 169.254.169.254, a link-local address.'],
    ['https://[fe80::1]/', 'URL must point to a public address; fe80::1 is a link-local address.'],
    ['https://[fd12:3456::1]/', 'URL must point to a public address; fd12:3456::1 is a private address.'],
    ['https://[ff02::1]/', 'URL must point to a public address; ff02::1 is a multicast address.'],
    // NAT64 and 6to4 embed IPv4 addresses that may be private: only plain unicast is allowed.
    ['https://[64:ff9b::a00:1]/', 'URL must point to a public address; 64:ff9b::a00:1 is a reserved address.'],
    ['https://[2002:a00:1::1]/', 'URL must point to a public address; 2002:a00:1::1 is a reserved address.'],
  ])('refuses %s without DNS', async (url, refusal) => {
    await expect(refusedTarget(url, strict, unused)).resolves.toBe(refusal);
  });

  it('refuses a name resolving to loopback (localhost, resolved for real)', async () => {
    await expect(refusedTarget('https://localhost/', strict)).resolves.toMatch(/^URL must point to a public address; localhost resolves to (127\.0\.0\.1|::1), a loopback address\.$/);
  });

  it('refuses a name when any of its addresses is not public, naming that address', async () => {
    await expect(refusedTarget('https://hooks.example.com/', strict, answering('10.0.0.1'))).resolves.toBe(
      'URL must point to a public address; hooks.example.com resolves to 10.0.0.1, a private address.',
    );
    await expect(refusedTarget('https://hooks.example.com/x', strict, answering('93.184.216.34', '2606:2800:220:1::1', '::ffff:10.1.2.3'))).resolves.toBe(
      'URL must point to a public address; hooks.example.com resolves to ::ffff:10.1.2.3, an IPv4-mapped address of 10.1.2.3, a private address.',
    );
  });

  it('asks DNS for the host alone, and says when it does not resolve', async () => {
    const asked: string[] = [];
    const lookup: LookupAll = async (host) => {
      asked.push(host);
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    };
    await expect(refusedTarget('https://hooks.exmple.com:8443/a?b=c#d', strict, lookup)).resolves.toBe("URL's host hooks.exmple.com could not be resolved (ENOTFOUND).");
    expect(asked).toEqual(['hooks.exmple.com']);
    await expect(refusedTarget('https://hooks.example.com/', strict, answering())).resolves.toBe('URL must point to a public address; hooks.example.com resolves to no address.');
  });

  it('accepts public addresses, literal or resolved, whatever the name looks like', async () => {
    await expect(refusedTarget('https://93.184.216.34/hook', strict, unused)).resolves.toBeNull();
    await expect(refusedTarget('https://[2606:2800:220:1:248:1893:25c8:1946]/hook', strict, unused)).resolves.toBeNull();
    for (const host of ['hooks.example.com', '__proto__.example', 'monday.com', 'xn--ls8h.example', `${'a'.repeat(63)}.example`]) {
      await expect(refusedTarget(`https://${host}/brandradar?$x=1`, strict, answering('93.184.216.34', '2606:2800:220:1::1'))).resolves.toBeNull();
    }
  });

  it('refuses what is not a URL', async () => {
    await expect(refusedTarget('hooks.example.com/x', strict, unused)).resolves.toBe('URL is not a valid URL.');
  });
});

describe('refusedTarget with private targets allowed (the local stack)', () => {
  it('accepts http and https to any address, without DNS', async () => {
    for (const url of ['http://127.0.0.1:8080/hook', 'https://10.0.0.1/', 'http://localhost/', 'https://[::1]/', 'http://receiver.internal/']) {
      await expect(refusedTarget(url, local, unused)).resolves.toBeNull();
    }
  });

  it('still refuses other schemes', async () => {
    await expect(refusedTarget('ftp://127.0.0.1/', local, unused)).resolves.toBe('URL must be an http:// or https:// URL.');
  });
});

describe('forbiddenAddress', () => {
  it('allows public unicast addresses only', () => {
    expect(forbiddenAddress('8.8.8.8')).toBeNull();
    expect(forbiddenAddress('2001:4860:4860::8888')).toBeNull();
    expect(forbiddenAddress('::ffff:8.8.8.8')).toBeNull();
    expect(forbiddenAddress('127.255.0.1')).toBe('a loopback address');
    expect(forbiddenAddress('fc00::1')).toBe('a private address');
    expect(forbiddenAddress('not-an-address')).toBe('not an IP address');
  });
});

describe('guardedLookup, the lookup of a delivery socket', () => {
  const resolve = (lookup: LookupAll, options: LookupOptions) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((done) =>
      guardedLookup(lookup)('hooks.example.com', options, (err, address, family) => done({ err, address, family })),
    );
  const publicAddresses: ResolvedAddress[] = [
    { address: '2606:2800:220:1::1', family: 6 },
    { address: '93.184.216.34', family: 4 },
  ];

  it('hands the socket exactly the addresses it checked, in the form asked for', async () => {
    await expect(resolve(async () => publicAddresses, { all: true })).resolves.toEqual({ err: null, address: publicAddresses, family: undefined });
    await expect(resolve(async () => publicAddresses, {})).resolves.toEqual({ err: null, address: '2606:2800:220:1::1', family: 6 });
  });

  it('refuses the connection when the name now resolves to a private address (DNS rebinding)', async () => {
    const { err } = await resolve(answering('93.184.216.34', '127.0.0.1'), { all: true });
    expect(err).toBeInstanceOf(RefusedAddressError);
    expect(err?.message).toBe('must point to a public address; hooks.example.com resolves to 127.0.0.1, a loopback address');
  });

  it('passes DNS errors on as they are', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND hooks.example.com'), { code: 'ENOTFOUND' });
    await expect(resolve(() => Promise.reject(notFound), { all: true })).resolves.toMatchObject({ err: notFound });
  });
});
