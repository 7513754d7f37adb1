import { mailJobOptions, type MailJob } from '@ledgerstone/contracts';
import type { Projection } from '@ledgerstone/eventstore';
import { accountEventTypes } from '@ledgerstone/ledger';
import type { RecordedAccountEvent } from '@ledgerstone/read-models';
import type { Queue } from 'bullmq';
import { sql } from 'kysely';
import { accountMail, type LockLinks, type Recipient } from './account-mail.js';

export const NOTIFIER_NAME = 'notifier';

/**
 * Turns account events into mail jobs, with its own checkpoint. The job id is the event id, so a batch
 * retried after a failure (Redis down, a crash before the checkpoint) never queues a mail twice. It is no
 * read model: a rebuild would mail every event again, so it stays out of the rebuildable projections.
 */
export function createNotifier(queue: Pick<Queue<MailJob>, 'addBulk'>, links: LockLinks): Projection {
  return {
    name: NOTIFIER_NAME,
    eventTypes: accountEventTypes,
    tables: ['notifier_deliveries'],
    async createTables(db) {
      await sql`
        create table notifier_deliveries (
          event_id uuid primary key,
          template text not null,
          queued_at timestamptz not null default now()
        )
      `.execute(db);
    },
    async apply(trx, recorded) {
      const events = recorded as RecordedAccountEvent[];
      const ids = events.map((event) => event.id);
      const queued = await trx
        .selectFrom('notifier_deliveries')
        .select('event_id')
        .where('event_id', 'in', ids)
        .execute();
      const done = new Set(queued.map((row) => row.event_id as string));
      const pending = events.filter((event) => !done.has(event.id));
      if (pending.length === 0) return;
      // The address and name as they are now; a closed account has neither and gets no mail.
      const userIds = [...new Set(pending.map((event) => event.data.userId))];
      const users = (await trx
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'status'])
        .where('id', 'in', userIds)
        .execute()) as { id: string; email: string | null; first_name: string; status: string }[];
      const recipients = new Map<string, Recipient>(
        users
          .filter((user) => user.status !== 'closed' && user.email && user.first_name)
          .map((user) => [user.id, { email: user.email!, firstName: user.first_name }]),
      );
      const deliveries: { event_id: string; template: string }[] = [];
      const jobs: Parameters<typeof queue.addBulk>[0] = [];
      for (const event of pending) {
        const recipient = recipients.get(event.data.userId);
        if (!recipient) continue;
        const mail = accountMail(event, recipient, links);
        if (!mail) continue;
        const origin = { eventId: event.id, eventType: event.type, requestId: event.metadata.requestId };
        jobs.push({
          name: mail.template,
          data: { ...mail, origin },
          opts: { ...mailJobOptions, jobId: event.id },
        });
        deliveries.push({ event_id: event.id, template: mail.template });
      }
      // The batch's mails in one round trip to Redis; each job's id is its event's, so a batch sent again
      // after a crash adds none twice.
      if (jobs.length > 0) await queue.addBulk(jobs);
      if (deliveries.length > 0) {
        await trx
          .insertInto('notifier_deliveries')
          .values(deliveries)
          .onConflict((conflict) => conflict.column('event_id').doNothing())
          .execute();
      }
    },
  };
}
