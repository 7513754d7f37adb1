import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { createInterface } from 'node:readline';

export type LogLine = Record<string, unknown> & { msg?: string };

/** The `time` of a log line as the services' logger writes it: ISO 8601 in UTC, to the millisecond. */
export const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * A port nothing listens on now, below Linux's ephemeral range (32768-60999): a port the kernel hands out
 * (a server on port 0, the local end of an outgoing connection) can then never take it before its user
 * listens on it. Only another caller of this function can, and the random pick makes that unlikely.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = createServer();
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
  }
}

/** A destination for the logger that keeps each JSON line it is given. */
export function logCapture(): { stream: Writable; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { stream, lines };
}

export async function waitFor<T>(what: string, find: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface NodeProcess {
  /** Every line of its stdout, parsed as JSON (a line that is not JSON fails the test that reads it). */
  lines: LogLine[];
  /** The first line it logged whose `msg` starts with `start`, once there is one (waiting as `waitFor` does). */
  logged(start: string): Promise<LogLine>;
  /** Everything it printed so far, stdout and stderr as they came. */
  output(): string;
  /** Resolves once its output contains `text`; rejects, quoting the output, if it exits or `timeoutMs` passes first. */
  printed(text: string, timeoutMs: number): Promise<void>;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** A built `main` script (run `npx tsc -b` first) as a process of its own, with only PATH and `env` set. */
export function startNodeProcess({
  name,
  main,
  env,
  cwd,
}: {
  /** What error messages call it. */
  name: string;
  main: string;
  env: Record<string, string>;
  cwd?: string;
}): NodeProcess {
  const child = spawn(process.execPath, [main], {
    cwd,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      lines.push(JSON.parse(line) as LogLine);
    } catch {
      lines.push({ notJson: line });
    }
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    lines,
    logged: (start) =>
      waitFor(`a ${name} log line starting "${start}"`, () =>
        lines.find((line) => line.msg?.startsWith(start)),
      ),
    output: () => output,
    printed: (text, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const settle = (error?: Error) => {
          clearTimeout(timer);
          child.stdout.off('data', check);
          child.off('exit', onExit);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (output.includes(text)) settle();
        };
        const onExit = (code: number | null) => settle(new Error(`${name} exited with ${code}: ${output}`));
        const timer = setTimeout(
          () => settle(new Error(`${name} did not print "${text}" in ${timeoutMs / 1000} s: ${output}`)),
          timeoutMs,
        );
        child.stdout.on('data', check);
        child.once('exit', onExit);
        check();
      }),
    exited,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** GET (or `method`) of a JSON endpoint over a connection of its own, so no socket outlives the test. */
export function httpJson(url: string, method = 'GET'): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method, agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: JSON.parse(text) as Record<string, unknown>,
        }),
      );
    });
    call.on('error', reject);
    call.end();
  });
}

/** A process `serviceProcesses` started: with the port its health endpoints listen on, and their base URL. */
export interface StartedService extends NodeProcess {
  healthPort: number;
  healthUrl: string;
}

/**
 * A built service (`main`) that a test file starts as processes of its own, each with its health endpoints on
 * a free port, set in the variable `healthPortVariable`; `stopAll` (in afterAll) stops every one still running.
 */
export function serviceProcesses(service: { name: string; main: string; healthPortVariable: string }): {
  start(env: Record<string, string>): Promise<StartedService>;
  stopAll(): Promise<void>;
} {
  const started: NodeProcess[] = [];
  return {
    async start(env) {
      const healthPort = await freePort();
      const child = startNodeProcess({
        name: service.name,
        main: service.main,
        env: { ...env, [service.healthPortVariable]: String(healthPort) },
      });
      started.push(child);
      return { ...child, healthPort, healthUrl: `http://127.0.0.1:${healthPort}` };
    },
    async stopAll() {
      for (const child of started) await child.stop();
    },
  };
}
