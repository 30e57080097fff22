import fs from 'node:fs';
import net from 'node:net';
import { freePort } from './ports';

it('gives ports below the range the kernel hands to outgoing connections, each one free to listen on', async () => {
  const [ephemeralLow] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) expect(port).toBeLessThan(ephemeralLow!);
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(ports[0], resolve));
  await new Promise((resolve) => server.close(resolve));
});

it('never gives 10080, which fetch refuses as a bad port, even when drawn', async () => {
  const [ephemeralLow] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const low = 10_000;
  const draws = [(10_080.5 - low) / (ephemeralLow! - low), 0.5]; // the draw that makes 10080, then one that does not
  const random = jest.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0.5);
  try {
    expect(await freePort()).not.toBe(10_080);
    expect(draws).toHaveLength(0); // 10080 was drawn first and passed over
  } finally {
    random.mockRestore();
  }
});
