import type { RecordedEvent } from '@ledgerstone/eventstore';
import type { AccountEvent, IdentityEvent } from '@ledgerstone/ledger';

type Recorded<E extends { type: string; data: unknown }> = {
  [T in E['type']]: RecordedEvent<T, Extract<E, { type: T }>['data']>;
}[E['type']];

/** An event of an account stream as the log hands it out, typed by its account event type. */
export type RecordedAccountEvent = Recorded<AccountEvent>;
export type RecordedIdentityEvent = Recorded<IdentityEvent>;
