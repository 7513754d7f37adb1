import { hostname } from 'node:os';
import { pino, type DestinationStream, type Level, type Logger as PinoLogger } from 'pino';

export type { DestinationStream };

/** The levels LOG_LEVEL takes in every process: Nest's names, so `verbose` is pino's `trace`. */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'verbose';

/** A line's message, after the fields that belong to it (ids, `err`) when it has any. */
export interface LogFn {
  (fields: object, message: string): void;
  (message: string): void;
}

/** What a process's parts log through; a pino logger is one. */
export interface Logger {
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
}

/** The pino options every process shares: `level` as a word and `time` in ISO 8601. */
export function jsonLineOptions(level: LogLevel) {
  return {
    level: (level === 'verbose' ? 'trace' : level) satisfies Level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
}

/**
 * Standard output written asynchronously: under load the lines logged while one write is under way go out
 * together in the next (a write per line was 4% of the mailer's samples), and whatever is left is written
 * as the process exits.
 */
export function standardOutput(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}

/**
 * One JSON object per line on stdout (or `destination`): `service`, `level`, `time`, `msg`, `err` for errors,
 * and the ids of the event, request or job a line is about as fields of their own.
 */
export function createServiceLogger(
  service: string,
  level: LogLevel,
  destination?: DestinationStream,
): PinoLogger {
  return pino(
    { ...jsonLineOptions(level), base: { service, pid: process.pid, hostname: hostname() } },
    destination ?? standardOutput(),
  );
}
