import { LOG_LEVELS, type LogLevel } from './config.js';

export interface Logger {
  error(message: string, error?: unknown): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

export function createLogger(level: LogLevel): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const write = (at: LogLevel, message: string) => {
    if (LOG_LEVELS.indexOf(at) > threshold) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase()} [mailer] ${message}\n`;
    (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(line);
  };
  return {
    error: (message, error) =>
      write('error', error instanceof Error ? `${message}: ${error.stack ?? error.message}` : message),
    warn: (message) => write('warn', message),
    info: (message) => write('info', message),
    debug: (message) => write('debug', message),
  };
}
