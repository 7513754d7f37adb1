import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A small HTTP load balancer in front of the api instances, doing what nginx's `proxy_pass` to an upstream
 * does by default: requests go round robin; a request whose connection an instance refuses (it is down) goes
 * to the next one, as it never reached the first; a request an instance dies during is answered 502, as it
 * may or may not have been applied. Each request opens its own upstream connection, so a killed instance
 * never leaves a dead pooled connection behind.
 */
export class LoadBalancer {
  /** Requests answered 502 because their instance ended while it had them. */
  cut = 0;
  private next = 0;
  private readonly server: Server = createServer(
    (incoming, outgoing) => void this.forward(incoming, outgoing),
  );

  private constructor(
    readonly url: string,
    private readonly upstreams: readonly number[],
  ) {}

  static async start(port: number, upstreams: readonly number[]): Promise<LoadBalancer> {
    const balancer = new LoadBalancer(`http://127.0.0.1:${port}`, upstreams);
    await new Promise<void>((resolve) => balancer.server.listen(port, '127.0.0.1', resolve));
    return balancer;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async forward(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const first = this.next++ % this.upstreams.length;
    for (let tried = 0; tried < this.upstreams.length; tried++) {
      const port = this.upstreams[(first + tried) % this.upstreams.length]!;
      const result = await this.attempt(port, incoming, body, outgoing);
      if (result !== 'refused') return;
    }
    this.answer(outgoing, 502, 'No api instance is up');
  }

  private attempt(
    port: number,
    incoming: IncomingMessage,
    body: Buffer,
    outgoing: ServerResponse,
  ): Promise<'done' | 'refused'> {
    return new Promise((resolve) => {
      const upstream = request(
        {
          host: '127.0.0.1',
          port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, connection: 'close' },
          agent: false,
        },
        (response) => {
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(outgoing);
          response.once('error', () => outgoing.destroy());
          response.once('end', () => resolve('done'));
          response.once('aborted', () => {
            this.cut += 1;
            outgoing.destroy();
            resolve('done');
          });
        },
      );
      upstream.once('error', (error: NodeJS.ErrnoException) => {
        if (outgoing.headersSent) {
          outgoing.destroy();
          resolve('done');
        } else if (error.code === 'ECONNREFUSED') {
          resolve('refused');
        } else {
          this.cut += 1;
          this.answer(outgoing, 502, 'The api instance ended during the request');
          resolve('done');
        }
      });
      upstream.end(body);
    });
  }

  private answer(outgoing: ServerResponse, status: number, message: string): void {
    outgoing.writeHead(status, { 'content-type': 'application/json' });
    outgoing.end(JSON.stringify({ message }));
  }
}
