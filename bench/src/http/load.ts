import autocannon from 'autocannon';

/** One measured window of load on one target. */
export interface LoadWindow {
  /** Answers with a 2xx status. */
  ok: number;
  /** Answers with another status, plus connection errors and timeouts. */
  failed: number;
  seconds: number;
  /** 2xx answers per second. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  statusCodes: Record<string, number>;
  /** Mean size of an answer, headers included. */
  bytesPerAnswer: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  requests: autocannon.Request[];
  /** Requests per second over all connections; none: as fast as answers come. */
  overallRate?: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadWindow> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: options.requests,
    timeout: 30,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
  const answered = result.requests.total;
  const ok = answered - result.non2xx;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]),
  );
  return {
    ok,
    failed: result.non2xx + result.errors,
    seconds: result.duration,
    perSecond: ok / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    statusCodes,
    bytesPerAnswer: answered > 0 ? result.throughput.total / answered : 0,
  };
}
