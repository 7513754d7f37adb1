import { isExpectedVersionConflictError } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { serveSide } from './side.js';
import { appendFigures, type AppendTarget } from './workload.js';

serveSide(async ({ databaseUrl, config }) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: config.poolSize });
  const eventStore = getPostgreSQLEventStore(databaseUrl, { connectionOptions: { pool } });
  await eventStore.schema.migrate();

  const target: AppendTarget = {
    async append(streamId, event, expectedVersion) {
      try {
        await eventStore.appendToStream(streamId, [event], { expectedStreamVersion: expectedVersion });
        return 'appended';
      } catch (error) {
        if (isExpectedVersionConflictError(error)) return 'conflict';
        throw error;
      }
    },
    async currentVersion(streamId, seen) {
      const read = await eventStore.readStream(streamId, seen > 0n ? { from: seen } : {});
      return read.currentStreamVersion;
    },
  };

  return {
    figures: appendFigures(target, {
      side: 'emmett',
      events: config.events,
      warmupEvents: config.warmupEvents,
      settle: async () => {
        await pool.query('checkpoint');
      },
    }),
    async close() {
      await eventStore.close();
      await pool.end();
    },
  };
});
