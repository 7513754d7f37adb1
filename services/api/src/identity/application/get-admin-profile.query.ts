import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminProfile } from '@ledgerstone/contracts';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { UserNotFoundError } from '../domain/identity.errors.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';

export class GetAdminProfile extends Query<AdminProfile> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetAdminProfile)
export class GetAdminProfileHandler implements IQueryHandler<GetAdminProfile> {
  private readonly db: IdentityDatabase;

  constructor(@Inject(DATABASE) database: Database) {
    this.db = identityDatabase(database);
  }

  async execute({ userId }: GetAdminProfile): Promise<AdminProfile> {
    const staff = await this.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'role'])
      .where('id', '=', userId)
      .where('role', 'in', ['admin', 'auditor'])
      .executeTakeFirst();
    if (!staff) throw new UserNotFoundError('own');
    return { ...staff, email: staff.email ?? '' };
  }
}
