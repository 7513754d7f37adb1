import { readFileSync } from 'node:fs';
import { Global, Module, type DynamicModule } from '@nestjs/common';

/** The source of "now" for every expiry and timestamp the api decides, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('Clock');

export const systemClock: Clock = { now: () => new Date() };

/**
 * For browser tests of the whole platform only (config refuses it in production): the system's time moved on by
 * the whole milliseconds written in `path`, read at every call, so a test moves the api's time without a route.
 */
export function fileOffsetClock(path: string): Clock {
  return {
    now() {
      let offset = 0;
      try {
        offset = Number.parseInt(readFileSync(path, 'utf8').trim(), 10) || 0;
      } catch {
        // No file yet: no offset.
      }
      return new Date(Date.now() + offset);
    },
  };
}

@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = systemClock): DynamicModule {
    return { module: ClockModule, providers: [{ provide: CLOCK, useValue: clock }], exports: [CLOCK] };
  }
}
