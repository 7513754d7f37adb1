import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

export interface BenchProcess {
  name: string;
  pid: number;
  logFile: string;
  /** Resolves once the log contains `text`; rejects if the process ends or `timeoutMs` passes first. */
  printed(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves once `ready` answers true; rejects if the process ends or `timeoutMs` passes first. */
  until(what: string, ready: () => Promise<boolean>, timeoutMs?: number): Promise<void>;
  /** True once the process has ended. */
  readonly ended: boolean;
  /** Settles when the process ends, with how it ended (a signal or "exit code N"). */
  readonly exit: Promise<string>;
  /** The end of its log. */
  tail(): Promise<string>;
  /** Sends `signal` and resolves once the process has ended. */
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A node script as a process of its own (its pid is the program's, so its CPU time can be read), writing
 * straight into `logFile`: the log lines cost the process what they cost in a deployment, and the benchmark
 * nothing.
 */
export function startProcess(spec: {
  name: string;
  /** The node script to run, or `program` for another executable. */
  script?: string;
  program?: { command: string; args: readonly string[] };
  nodeArgs?: readonly string[];
  env: NodeJS.ProcessEnv;
  logFile: string;
  cwd: string;
}): BenchProcess {
  const log = openSync(spec.logFile, 'a');
  // A process started again writes to the same log: only what this one wrote counts.
  const logStart = fstatSync(log).size;
  const [command, args] = spec.program
    ? [spec.program.command, spec.program.args]
    : [process.execPath, [...(spec.nodeArgs ?? []), spec.script ?? '']];
  const child: ChildProcess = spawn(command, args, {
    cwd: spec.cwd,
    env: spec.env,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let exit: string | undefined;
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => {
      exit = `could not start: ${error.message}`;
      resolve(exit);
    });
    child.once('exit', (code, signal) => {
      exit = signal ?? `exit code ${code}`;
      resolve(exit);
    });
  });
  const tail = async () => (await readFile(spec.logFile, 'utf8').catch(() => '')).slice(-2_000);

  const until = async (what: string, ready: () => Promise<boolean>, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (exit !== undefined)
        throw new Error(`${spec.name} stopped (${exit}) before ${what}:\n${await tail()}`);
      if (await ready().catch(() => false)) return;
      if (Date.now() > deadline) {
        throw new Error(`${spec.name}: no ${what} within ${timeoutMs / 1000} s:\n${await tail()}`);
      }
      await sleep(100);
    }
  };

  return {
    name: spec.name,
    pid: child.pid!,
    logFile: spec.logFile,
    get ended() {
      return exit !== undefined;
    },
    exit: exited,
    tail,
    async kill(signal) {
      if (exit === undefined) child.kill(signal);
      await exited;
    },
    until,
    printed: (text, timeoutMs) =>
      until(
        `"${text}" in its log`,
        async () => (await readFile(spec.logFile)).subarray(logStart).toString('utf8').includes(text),
        timeoutMs,
      ),
    async stop() {
      if (exit !== undefined) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** True once `url` answers with a 2xx status. */
export async function answers(url: string): Promise<boolean> {
  const response = await fetch(url).catch(() => null);
  await response?.body?.cancel();
  return response?.ok === true;
}
