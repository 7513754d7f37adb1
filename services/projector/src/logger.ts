import { createServiceLogger, type DestinationStream } from '@ledgerstone/process-kit';
import type { LogLevel } from './config.js';

export type { Logger } from '@ledgerstone/process-kit';

export function createLogger(level: LogLevel, destination?: DestinationStream) {
  return createServiceLogger('projector', level, destination);
}
