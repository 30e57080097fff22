import net from 'node:net';

/**
 * The loopback front door of the local cluster, run detached by `npm run cluster -- up`: each
 * listen address (127.0.0.1 only) pipes every TCP connection to a Service's ClusterIP. The node is
 * this host, so kube-proxy's rules send the connection to a ready pod: unlike a port-forward to one
 * pod, this survives a rolling upgrade.
 *
 *   node forwarder.js <local port>=<ClusterIP>:<port> ...
 */
function forward(routes: { localPort: number; host: string; port: number }[]): net.Server[] {
  return routes.map(({ localPort, host, port }) =>
    net
      .createServer((client) => {
        const upstream = net.connect({ host, port });
        client.pipe(upstream).pipe(client);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
      })
      .listen(localPort, '127.0.0.1'),
  );
}

/** `<local port>=<host>:<port>` */
function parseRoute(arg: string): { localPort: number; host: string; port: number } {
  const [local, target] = arg.split('=');
  const colon = (target ?? '').lastIndexOf(':');
  const route = { localPort: Number(local), host: (target ?? '').slice(0, colon), port: Number((target ?? '').slice(colon + 1)) };
  if (!Number.isInteger(route.localPort) || !Number.isInteger(route.port) || colon < 1) throw new Error(`not <local port>=<host>:<port>: ${arg}`);
  return route;
}

forward(process.argv.slice(2).map(parseRoute));
