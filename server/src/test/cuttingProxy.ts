/**
 * A TCP proxy in front of the app that cuts the connection when the bytes sent through it
 * reach given totals, as a train going into a tunnel does to a laptop's upload: the request in
 * flight is lost mid-body, and the client must resume. It counts every byte the clients sent, so
 * a test or benchmark can tell how much was sent twice. Used by the resumable upload tests and
 * benchmark B16; nothing here is part of the app.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';

export class CuttingProxy {
  /** Bytes the clients sent through the proxy (request lines, headers and bodies). */
  bytesFromClients = 0;
  /** Connections cut so far. */
  cuts = 0;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    private readonly cutAt: number[],
  ) {}

  /**
   * Listens on a loopback port in front of `target` (`http://host:port`); every connection is cut
   * when the bytes from clients reach the next of `cutAt` (ascending totals).
   */
  static async start(target: string, cutAt: number[] = []): Promise<CuttingProxy> {
    const { hostname, port } = new URL(target);
    const server = net.createServer();
    const proxy = new CuttingProxy(
      server,
      [...cutAt].sort((a, b) => a - b),
    );
    server.on('connection', (client) => proxy.connect(client, hostname, Number(port)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private connect(client: net.Socket, host: string, port: number): void {
    const upstream = net.connect(port, host);
    this.sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      const nextCut = this.cutAt[0];
      if (nextCut !== undefined && this.bytesFromClients + chunk.length >= nextCut) {
        // Pass on what fits before the cut, then drop both ends mid-request.
        const fits = nextCut - this.bytesFromClients;
        this.bytesFromClients = nextCut;
        this.cutAt.shift();
        this.cuts += 1;
        upstream.write(chunk.subarray(0, fits), drop);
        return;
      }
      this.bytesFromClients += chunk.length;
      if (!upstream.write(chunk)) {
        client.pause();
        upstream.once('drain', () => client.resume());
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!client.write(chunk)) {
        upstream.pause();
        client.once('drain', () => upstream.resume());
      }
    });
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
