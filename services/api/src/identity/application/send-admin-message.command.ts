import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminMessageRequest } from '@ledgerstone/contracts';
import { z } from 'zod';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { UserNotFoundError } from '../domain/identity.errors.js';
import { IdentityEventLog } from '../persistence/identity-event-log.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import type { Actor } from '../../shared/auth/actor.js';
import { IdentityMail } from './identity-mail.js';
import type { RequestContext } from '../../shared/auth/request-context.js';

const userIdFormat = z.guid();

/** An admin e-mails a member: the words are kept with the admin's id, the event records who wrote to whom. */
export class SendAdminMessage extends Command<void> {
  constructor(
    readonly admin: Actor,
    readonly userId: string,
    readonly message: AdminMessageRequest,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(SendAdminMessage)
export class SendAdminMessageHandler implements ICommandHandler<SendAdminMessage> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly events: IdentityEventLog,
    private readonly mail: IdentityMail,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ admin, userId, message, context }: SendAdminMessage): Promise<void> {
    if (!userIdFormat.safeParse(userId).success) throw new UserNotFoundError('other');
    const sent = await this.db.transaction().execute(async (trx) => {
      // Shared lock: the account cannot be closed (and its e-mail erased) while the message is recorded.
      const user = await trx
        .selectFrom('users')
        .select(['email', 'first_name'])
        .where('id', '=', userId)
        .where('role', '=', 'member')
        .where('status', '!=', 'closed')
        .forShare()
        .executeTakeFirst();
      if (!user?.email) return undefined;
      const messageId = randomUUID();
      await trx
        .insertInto('admin_messages')
        .values({
          id: messageId,
          admin_id: admin.userId,
          user_id: userId,
          subject: message.subject,
          body: message.message,
          created_at: this.clock.now(),
        })
        .execute();
      const [eventId] = await this.events.record(
        trx,
        userId,
        [{ type: 'AdminMessageSent', data: { messageId, adminId: admin.userId, userId } }],
        { actorId: admin.userId, actorRole: admin.role, requestId: context.requestId },
      );
      return this.mail.adminMessage(trx, user.email, user.first_name, message, {
        eventId,
        eventType: 'AdminMessageSent',
        requestId: context.requestId,
      });
    });
    if (!sent) throw new UserNotFoundError('other');
    this.events.committed();
    await this.mail.enqueue(sent);
  }
}
