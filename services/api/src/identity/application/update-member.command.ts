import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UpdateUserRequest } from '@ledgerstone/contracts';
import type { MemberDetailsChanged } from '@ledgerstone/ledger';
import { z } from 'zod';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { Actor } from '../../shared/auth/actor.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { EmailTakenError, UserNotFoundError } from '../domain/identity.errors.js';
import { spendResetLinks } from '../persistence/reset-links.js';
import { IdentityEventLog } from '../persistence/identity-event-log.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { isUniqueViolation } from '../../shared/database/pg-errors.js';
import { IdentityMail } from './identity-mail.js';
import { SecurityChangeCommitted } from './security-change-committed.js';

const uuid = z.guid();

type DetailField = MemberDetailsChanged['data']['fields'][number];

/**
 * Names and e-mail are personal data: they change in the users row, and the event records only which of them the
 * admin changed.
 */
export class UpdateMemberCommand extends Command<void> {
  constructor(
    readonly admin: Actor,
    readonly userId: string,
    readonly profile: UpdateUserRequest,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(UpdateMemberCommand)
export class UpdateMemberHandler implements ICommandHandler<UpdateMemberCommand> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly events: IdentityEventLog,
    private readonly commandBus: CommandBus,
    private readonly mail: IdentityMail,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ admin, userId, profile, context }: UpdateMemberCommand): Promise<void> {
    if (!uuid.safeParse(userId).success) throw new UserNotFoundError('other');
    const changed = await this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('users')
        .select(['first_name', 'last_name', 'email'])
        .where('id', '=', userId)
        .where('role', '=', 'member')
        .where('status', '!=', 'closed')
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!current) throw new UserNotFoundError('other');
      const fields: DetailField[] = [];
      if (current.first_name !== profile.first_name) fields.push('firstName');
      if (current.last_name !== profile.last_name) fields.push('lastName');
      if (current.email !== profile.email) fields.push('email');
      if (fields.length === 0) return null;
      const now = this.clock.now();
      const [eventId] = await this.events.record(
        trx,
        userId,
        [{ type: 'MemberDetailsChanged', data: { userId, adminId: admin.userId, fields } }],
        { actorId: admin.userId, actorRole: admin.role, requestId: context.requestId },
      );
      // The member hears of it at the address they had, with a lock link, in case the change was not theirs to
      // ask for (an e-mail change is the first step of taking an account over); recorded while that address
      // still names the member, whom the link is signed for.
      const notice =
        fields.includes('email') && eventId && current.email
          ? await this.mail.securityChange(
              trx,
              current.email,
              current.first_name,
              {
                kind: 'email-changed',
                passkeyName: null,
                at: now,
                device: null,
                ip: null,
                changedBy: 'admin',
              },
              'member',
              { eventId, eventType: 'MemberDetailsChanged', requestId: context.requestId },
            )
          : null;
      try {
        await trx
          .updateTable('users')
          .set({ first_name: profile.first_name, last_name: profile.last_name, email: profile.email })
          .where('id', '=', userId)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_key')) throw new EmailTakenError();
        throw error;
      }
      // A reset link mailed to the old address no longer opens the account.
      if (fields.includes('email')) await spendResetLinks(trx, userId, now);
      return { fields, notice };
    });
    if (changed === null) return;
    this.events.committed();
    if (changed.notice) await this.mail.enqueue(changed.notice);
    if (changed.fields.includes('email')) {
      await this.commandBus.execute(new SecurityChangeCommitted(userId, admin, context));
    }
  }
}
