import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CHECK_TIMEOUT_MS = 1_500;

export interface CheckResult {
  status: 'up' | 'down';
  latencyMs?: number;
  error?: string;
}

/** The shape of the api's GET /api/health, with whatever else the process reports beside its checks. */
export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: Record<string, CheckResult>;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // Connection failures to several addresses arrive as an AggregateError with an empty message.
  const code = (error as { code?: unknown }).code;
  return error.message || (typeof code === 'string' ? code : error.name);
}

/** Runs one check, giving up after `timeoutMs`; the signal tells checks that can stop early to do so. */
export async function probe(
  check: (signal: AbortSignal) => Promise<unknown>,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<CheckResult> {
  const controller = new AbortController();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    await Promise.race([check(controller.signal), timeout]);
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'down', error: describe(error) };
  } finally {
    clearTimeout(timer);
  }
}

export function overallStatus(checks: Record<string, CheckResult>): HealthReport['status'] {
  return Object.values(checks).every((check) => check.status === 'up') ? 'ok' : 'degraded';
}

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * GET /health/live answers 200 while the process runs; GET /health/ready answers 200 with the report when its
 * status is ok, else 503. Port 0 takes a free port.
 */
export async function startHealthServer(
  port: number,
  readiness: () => Promise<HealthReport>,
): Promise<HealthServer> {
  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', 'http://health').pathname;
    if (path !== '/health/live' && path !== '/health/ready') return send(404, { message: 'Not found' });
    if (request.method !== 'GET') {
      response.setHeader('allow', 'GET');
      return send(405, { message: 'Only GET is allowed' });
    }
    if (path === '/health/live') return send(200, { status: 'ok' });
    readiness().then(
      (report) => send(report.status === 'ok' ? 200 : 503, report),
      (error: unknown) => send(503, { status: 'degraded', checks: {}, error: describe(error) }),
    );
  });
  // Probes must not keep a stopping process alive.
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
