import { HttpStatus } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import { StreamVersionConflict } from '@ledgerstone/eventstore';
import type { Counter } from 'prom-client';
import { errorResponse } from '../http/error-response.js';
import type { CommandOutcome } from './api-metrics.js';

/**
 * How a command ended, as the api answers it: a write that lost a race on the stream version (or anything
 * answered 409) is a conflict, any other 4xx a rejection, the rest an error.
 */
export function commandOutcome(error: unknown): CommandOutcome {
  if (error instanceof StreamVersionConflict) return 'conflict';
  const status = errorResponse(error)?.status;
  if (status === HttpStatus.CONFLICT) return 'conflict';
  if (status !== undefined && status < HttpStatus.INTERNAL_SERVER_ERROR) return 'rejected';
  return 'error';
}

/**
 * Counts every command the bus executes. CqrsModule builds the bus itself, so its one instance is wrapped
 * here rather than replaced by a subclass; handlers and callers stay as they are.
 */
export function countCommands(bus: CommandBus, counter: Counter<'command' | 'outcome'>): void {
  const execute = bus.execute.bind(bus) as (command: object, context?: unknown) => Promise<unknown>;
  const counted = async (command: object, context?: unknown): Promise<unknown> => {
    const name = command.constructor.name;
    try {
      const result = await execute(command, context);
      counter.inc({ command: name, outcome: 'ok' });
      return result;
    } catch (error) {
      counter.inc({ command: name, outcome: commandOutcome(error) });
      throw error;
    }
  };
  bus.execute = counted as CommandBus['execute'];
}
