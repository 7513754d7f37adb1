import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An answer of CoinGecko's simple/price api for the ticker assets, recorded from the real api. */
export const RECORDED_ANSWER = readFileSync(new URL('./coingecko-answer.json', import.meta.url), 'utf8');

export interface StubAnswer {
  status: number;
  body: string;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface CoinGeckoStub {
  /** The api root to configure, as https://api.coingecko.com/api/v3 would be. */
  url: string;
  /** The requests received so far: path and query. */
  requests: URL[];
  /** What the next requests get; the recorded answer until changed. */
  answer: StubAnswer;
  close(): Promise<void>;
}

/** A local http server standing in for CoinGecko, so no test reaches the network. */
export async function startCoinGeckoStub(): Promise<CoinGeckoStub> {
  const server = createServer((request: IncomingMessage, response) => {
    stub.requests.push(new URL(request.url ?? '/', 'http://stub'));
    const { status, body, delayMs = 0 } = stub.answer;
    setTimeout(() => response.writeHead(status, { 'content-type': 'application/json' }).end(body), delayMs);
  });
  const stub: CoinGeckoStub = {
    url: '',
    requests: [],
    answer: { status: 200, body: RECORDED_ANSWER },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
  return stub;
}
