import net from 'node:net';

export type TcpProxy = {
  /** The port the proxy listens on (127.0.0.1). */
  port: number;
  /**
   * The network goes away until `restore()`. 'reset' (default): every open connection is reset and
   * new ones are reset as soon as they are accepted (the client sees ECONNRESET / "Connection
   * terminated"). 'blackhole': nothing is answered any more — open connections stop carrying
   * bytes and new ones are accepted but never reach the server, as when packets are dropped.
   */
  cut: (mode?: 'reset' | 'blackhole') => void;
  /**
   * The network is back: new connections are passed through again. Connections held by a
   * blackhole are reset (a long outage kills them; the bytes they swallowed are gone).
   */
  restore: () => void;
  /** Connections accepted since the start, including the ones reset while cut. */
  connections: () => number;
  close: () => Promise<void>;
};

/**
 * A pass-through TCP proxy on loopback that a test can cut and restore, to put a network fault
 * between the app and a server it depends on (PostgreSQL) without touching either.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  /** Sockets a blackhole holds: never answered, reset on restore. */
  const held = new Set<net.Socket>();
  let cutMode: 'reset' | 'blackhole' | null = null;
  let accepted = 0;

  const reset = (socket: net.Socket) => {
    if (!socket.destroyed) socket.resetAndDestroy();
  };

  const server = net.createServer((client) => {
    accepted += 1;
    client.on('error', () => {});
    if (cutMode === 'reset') {
      reset(client);
      return;
    }
    if (cutMode === 'blackhole') {
      hold(client);
      return;
    }
    const upstream = net.connect(target);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      open.delete(client);
      open.delete(upstream);
      reset(client);
      reset(upstream);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });

  function hold(socket: net.Socket) {
    held.add(socket);
    socket.on('close', () => held.delete(socket));
    // Read and discard: the peer's writes succeed, no answer ever comes.
    socket.on('data', () => {});
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    cut: (mode = 'reset') => {
      cutMode = mode;
      for (const socket of open) {
        if (mode === 'reset') {
          reset(socket);
        } else {
          socket.unpipe();
          socket.removeAllListeners('data');
          socket.removeAllListeners('close');
          socket.on('error', () => {});
          hold(socket);
        }
      }
      open.clear();
    },
    restore: () => {
      cutMode = null;
      for (const socket of held) reset(socket);
      held.clear();
    },
    connections: () => accepted,
    close: async () => {
      for (const socket of [...open, ...held]) reset(socket);
      open.clear();
      held.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
