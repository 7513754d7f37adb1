import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_FLAGS } from '@ledgerstone/process-kit';
import type { BenchConfig } from './config.js';
import type { Figure } from './workload.js';

export interface SideInput {
  /** The side's own database, created and dropped by the parent. */
  databaseUrl: string;
  config: BenchConfig;
}

/** A store under measurement: its figures by name, and how to release its connections. */
export interface SideFigures {
  figures: Record<string, () => Promise<Figure>>;
  close(): Promise<void>;
}

type Request = { kind: 'measure'; figure: string } | { kind: 'close' };
type Reply = { kind: 'ready' } | { kind: 'figure'; figure: Figure } | { kind: 'failed'; message: string };

export interface Side {
  measure(figure: string): Promise<Figure>;
  close(): Promise<void>;
}

/**
 * Each store runs in a process of its own: Emmett's driver layer replaces node-postgres' global jsonb and
 * int8 parsers, which would otherwise change how the other store's reads are decoded and timed. Both
 * processes stay up so the parent can interleave their figures; drift in machine load then hits both.
 */
export async function startSide(entry: URL, input: SideInput): Promise<Side> {
  // Run as the projector runs, the process that reads the log in bulk.
  const child = fork(fileURLToPath(entry), {
    stdio: 'inherit',
    execArgv: [...process.execArgv, ...SERVICE_NODE_FLAGS],
  });
  let pending: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('message', (reply) => pending?.resolve(reply as Reply));
  child.once('exit', (code, signal) =>
    pending?.reject(new Error(`${fileURLToPath(entry)} stopped with ${signal ?? `exit code ${code}`}`)),
  );

  const request = (message: SideInput | Request) =>
    new Promise<Reply>((resolve, reject) => {
      pending = { resolve, reject };
      child.send(message);
    }).then((reply) => {
      pending = undefined;
      if (reply.kind === 'failed') throw new Error(reply.message);
      return reply;
    });

  await request(input);
  return {
    async measure(figure) {
      const reply = await request({ kind: 'measure', figure });
      if (reply.kind !== 'figure') throw new Error(`Expected a figure, got ${reply.kind}`);
      return reply.figure;
    },
    async close() {
      if (child.connected) child.send({ kind: 'close' } satisfies Request);
      await exited;
    },
  };
}

export function serveSide(open: (input: SideInput) => Promise<SideFigures>): void {
  const reply = (message: Reply) => process.send?.(message);
  const fail = (error: unknown) => {
    console.error(error);
    reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  };
  let side: SideFigures | undefined;
  // A parent that stopped (Ctrl-C, a crash) drops the databases: nothing is left to measure.
  process.once('disconnect', () => process.exit(1));
  process.on('message', (message: SideInput | Request) => {
    if (!('kind' in message)) {
      open(message).then((opened) => {
        side = opened;
        reply({ kind: 'ready' });
      }, fail);
    } else if (message.kind === 'close') {
      void (side?.close() ?? Promise.resolve()).finally(() => process.exit(0));
    } else {
      const measure = side?.figures[message.figure];
      if (!measure) fail(new Error(`Unknown figure ${message.figure}`));
      else measure().then((figure) => reply({ kind: 'figure', figure }), fail);
    }
  });
}
