import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import type { Actor } from '../../shared/auth/actor.js';

/** Names are personal data, so this change is not recorded as an event. */
export class UpdateProfile extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly names: { firstName: string; lastName: string },
  ) {
    super();
  }
}

@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile> {
  private readonly db: IdentityDatabase;

  constructor(@Inject(DATABASE) database: Database) {
    this.db = identityDatabase(database);
  }

  async execute({ actor, names }: UpdateProfile): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ first_name: names.firstName, last_name: names.lastName })
      .where('id', '=', actor.userId)
      .execute();
  }
}
