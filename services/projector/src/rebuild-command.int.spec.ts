import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createTestDatabase, EventStore, type Projection, type TestDatabase } from '@ledgerstone/eventstore';
import { rebuildCommand } from './rebuild-command.js';

interface TallyTables {
  tallies: { stream_id: string; count: number };
}

const tallies: Projection = {
  name: 'tallies',
  eventTypes: ['Tallied'],
  tables: ['tallies'],
  async createTables(db) {
    await sql`create table tallies (stream_id text primary key, count integer not null)`.execute(db);
  },
  async apply(trx, events) {
    for (const event of events) {
      await sql`
        insert into tallies (stream_id, count) values (${event.streamId}, 1)
        on conflict (stream_id) do update set count = tallies.count + 1
      `.execute(trx);
    }
  },
};

describe('rebuildCommand', () => {
  let database: TestDatabase<TallyTables>;

  beforeAll(async () => {
    database = await createTestDatabase<TallyTables>('projector_rebuild');
    const store = new EventStore(database.db);
    const tallied = () => ({ id: randomUUID(), type: 'Tallied', data: {} });
    await store.append('tally-a', [tallied(), tallied()], { expectedVersion: 'no_stream' });
    await store.append('tally-b', [tallied(), { id: randomUUID(), type: 'Ignored', data: {} }], {
      expectedVersion: 'no_stream',
    });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('refuses an unknown name with exit code 2 and one line listing the known projections', async () => {
    await expect(rebuildCommand('balances', [tallies], database.url)).resolves.toEqual({
      exitCode: 2,
      message: 'Unknown projection "balances"; known projections: tallies',
    });
  });

  it('asks for a name when none is given', async () => {
    await expect(rebuildCommand(undefined, [], database.url)).resolves.toEqual({
      exitCode: 2,
      message: 'Name the projection to rebuild; known projections: none yet',
    });
  });

  it('replays the whole log into the projection tables', async () => {
    await expect(rebuildCommand('tallies', [tallies], database.url)).resolves.toEqual({
      exitCode: 0,
      message: 'Rebuilt tallies from 3 event(s)',
    });
    const rows = await database.db.selectFrom('tallies').selectAll().orderBy('stream_id').execute();
    expect(rows).toEqual([
      { stream_id: 'tally-a', count: 2 },
      { stream_id: 'tally-b', count: 1 },
    ]);
  });
});
