import { ConflictException, Inject, NotFoundException } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountMessages, identityMessages, type UpdateUserRequest } from '@ledgerstone/contracts';
import { z } from 'zod';
import { isUniqueViolation } from '../../identity/persistence/identity.tables.js';
import { DATABASE, type Database } from '../../infrastructure/infrastructure.tokens.js';
import { accountsDatabase, type AccountsDatabase } from '../persistence/accounts.tables.js';

const uuid = z.guid();

/** Names and e-mail are personal data: a plain profile update, recorded in no event. */
export class UpdateMemberCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly profile: UpdateUserRequest,
  ) {
    super();
  }
}

@CommandHandler(UpdateMemberCommand)
export class UpdateMemberHandler implements ICommandHandler<UpdateMemberCommand> {
  private readonly db: AccountsDatabase;

  constructor(@Inject(DATABASE) database: Database) {
    this.db = accountsDatabase(database);
  }

  async execute({ userId, profile }: UpdateMemberCommand): Promise<void> {
    if (!uuid.safeParse(userId).success) throw new NotFoundException(accountMessages.userNotFound);
    let updated;
    try {
      updated = await this.db
        .updateTable('users')
        .set({ first_name: profile.first_name, last_name: profile.last_name, email: profile.email })
        .where('id', '=', userId)
        .where('role', '=', 'member')
        .where('status', '!=', 'closed')
        .executeTakeFirst();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key'))
        throw new ConflictException(identityMessages.emailTaken);
      throw error;
    }
    if (updated.numUpdatedRows !== 1n) throw new NotFoundException(accountMessages.userNotFound);
  }
}
