import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export interface ChildSpec {
  name: string;
  /** A JavaScript file run with this node binary, so the child's pid is the program's own. */
  script: string;
  args?: string[];
  /** Flags for node itself, before the script. */
  nodeArgs?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

export interface SupervisorOptions {
  cwd: string;
  /** How long a child may take to stop after SIGTERM before it gets SIGKILL. */
  graceMs?: number;
  stdout?: Writable;
  stderr?: Writable;
  colour?: boolean;
  /** Rewrites each line a child prints (the JSON log lines, for a person at a terminal); the text must end with a newline. */
  formatLine?: (line: string) => string;
}

export class ChildExitedError extends Error {
  constructor(
    readonly child: string,
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
  ) {
    super(
      `${child} exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`}); stopping the rest`,
    );
  }
}

const COLOURS = [36, 35, 33, 32, 34, 31];

export function paint(text: string, colour: number, enabled: boolean): string {
  return enabled ? `\x1b[${colour}m${text}\x1b[0m` : text;
}

function pipeLines(
  from: Readable,
  to: Writable,
  prefix: string,
  format = (line: string) => `${line}\n`,
): void {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) =>
    to.write(`${prefix} ${format(line)}`),
  );
}

/** Runs child processes with prefixed output, reports the first one that dies, and stops them all. */
export class Supervisor {
  /** Rejects with a ChildExitedError when a child ends before `stopAll` was called. */
  readonly failure: Promise<never>;
  private reportFailure!: (error: Error) => void;
  private readonly running = new Map<string, { process: ChildProcess; closed: Promise<void> }>();
  private stopping = false;
  private started = 0;

  constructor(private readonly options: SupervisorOptions) {
    this.failure = new Promise<never>((_, reject) => (this.reportFailure = reject));
    this.failure.catch(() => undefined);
  }

  start(spec: ChildSpec): void {
    if (this.stopping) return;
    if (!existsSync(spec.script)) {
      this.reportFailure(new Error(`${spec.name}: ${spec.script} is missing; run npm run build`));
      return;
    }
    const { cwd, stdout = process.stdout, stderr = process.stderr, colour = false } = this.options;
    // A process group of its own: the terminal's Ctrl-C reaches only the supervisor, which stops children in order.
    const child = spawn(process.execPath, [...(spec.nodeArgs ?? []), spec.script, ...(spec.args ?? [])], {
      cwd,
      env: spec.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const prefix = paint(`[${spec.name}]`, COLOURS[this.started++ % COLOURS.length] ?? 0, colour);
    pipeLines(child.stdout, stdout, prefix, this.options.formatLine);
    pipeLines(child.stderr, stderr, prefix, this.options.formatLine);
    const closed = new Promise<void>((resolve) => {
      child.once('error', (error) => {
        this.running.delete(spec.name);
        this.reportFailure(new Error(`${spec.name} could not be started: ${error.message}`));
        resolve();
      });
      // 'close' comes after the child's output is fully read, so its last lines are printed first.
      child.once('close', (code, signal) => {
        this.running.delete(spec.name);
        if (!this.stopping) this.reportFailure(new ChildExitedError(spec.name, code, signal));
        resolve();
      });
    });
    this.running.set(spec.name, { process: child, closed });
  }

  /** SIGTERM to every child by its own pid, SIGKILL to those still running after the grace period. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    const graceMs = this.options.graceMs ?? 5000;
    await Promise.all(
      [...this.running.values()].map(async ({ process: child, closed }) => {
        child.kill('SIGTERM');
        const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await closed;
        clearTimeout(kill);
      }),
    );
  }
}
