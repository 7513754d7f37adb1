import { randomUUID } from 'node:crypto';
import { CommandHandler, EmmettError, type Event } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import express, { type NextFunction, type Request, type Response } from 'express';
import pg from 'pg';

/**
 * The withdrawal command as Emmett's samples build one (read the stream, decide, append at the version read,
 * retry on a conflict), on Emmett's published PostgreSQL store and Express. emmett-expressjs is left out: each
 * of its published versions requires one exact version of @event-driven-io/emmett as a peer, none the one
 * used here; what it adds (a JSON body parser and mapping errors to answers) is the few lines below.
 */
type FundsAdded = Event<'FundsAdded', { accountId: string; amount: string; addedAt: string }>;
/** The same fields as the platform's WithdrawalRequested, so both stores write events of one size. */
type WithdrawalRequested = Event<
  'WithdrawalRequested',
  {
    userId: string;
    withdrawalId: string;
    source: 'balance';
    amount: string;
    paymentMethodId: string;
    requestedAt: string;
  },
  { requestId: string; actorId: string; actorRole: 'member' }
>;
type AccountEvent = FundsAdded | WithdrawalRequested;
interface Account {
  availableCents: bigint;
}

const centsOf = (amount: string) => {
  const [units = '0', fraction = ''] = amount.split('.');
  return BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'));
};
const amountOf = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

const evolve = (account: Account, event: AccountEvent): Account => {
  switch (event.type) {
    case 'FundsAdded':
      return { availableCents: account.availableCents + centsOf(event.data.amount) };
    case 'WithdrawalRequested':
      return { availableCents: account.availableCents - centsOf(event.data.amount) };
  }
};
const initialState = (): Account => ({ availableCents: 0n });
const handle = CommandHandler<Account, AccountEvent>({
  evolve,
  initialState,
  retry: { onVersionConflict: 5 },
});

class RefusedError extends EmmettError {
  constructor(message: string) {
    super({ errorCode: 422, message });
  }
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
function requireAmount(body: unknown): bigint {
  const amount = (body as { amount?: unknown } | undefined)?.amount;
  if (typeof amount !== 'string' || !AMOUNT.test(amount) || centsOf(amount) <= 0n) {
    throw new RefusedError('Please enter a valid amount.');
  }
  return centsOf(amount);
}

const { DATABASE_URL, PORT, POOL_SIZE } = process.env;
if (!DATABASE_URL || !PORT || !POOL_SIZE) throw new Error('DATABASE_URL, PORT and POOL_SIZE are required');
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: Number(POOL_SIZE) });
const eventStore = getPostgreSQLEventStore(DATABASE_URL, { connectionOptions: { pool } });
await eventStore.schema.migrate();

const app = express();
app.use(express.json());
app.get('/health', (_request, response) => {
  response.json({ status: 'ok' });
});

app.post('/accounts/:accountId/funds', async (request, response) => {
  const amount = requireAmount(request.body);
  const accountId = request.params.accountId;
  const result = await handle(eventStore, `account-${accountId}`, () => ({
    type: 'FundsAdded',
    data: { accountId, amount: amountOf(amount), addedAt: new Date().toISOString() },
  }));
  response.status(201).json({ version: String(result.nextExpectedStreamVersion) });
});

app.post('/accounts/:accountId/withdrawals', async (request, response) => {
  const amount = requireAmount(request.body);
  const accountId = request.params.accountId;
  const withdrawalId = randomUUID();
  const result = await handle(eventStore, `account-${accountId}`, (account): WithdrawalRequested => {
    if (amount > account.availableCents) throw new RefusedError('Insufficient balance');
    return {
      type: 'WithdrawalRequested',
      data: {
        userId: accountId,
        withdrawalId,
        source: 'balance',
        amount: amountOf(amount),
        paymentMethodId: '00000000-0000-4000-8000-000000000000',
        requestedAt: new Date().toISOString(),
      },
      metadata: { requestId: randomUUID(), actorId: accountId, actorRole: 'member' },
    };
  });
  response
    .status(201)
    .json({ withdrawalId, status: 'pending', version: String(result.nextExpectedStreamVersion) });
});

app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
  const status = error instanceof EmmettError && error.errorCode < 500 ? error.errorCode : 500;
  response.status(status).json({ message: error instanceof Error ? error.message : String(error) });
});

const server = app.listen(Number(PORT), '127.0.0.1', () => console.log(`emmett peer on ${PORT}`));
process.once('SIGTERM', () => {
  server.close(
    () =>
      void eventStore
        .close()
        .then(() => pool.end())
        .finally(() => process.exit(0)),
  );
  server.closeAllConnections();
});
