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
