import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { MemberProfile } from '@ledgerstone/contracts';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { memberFigures } from '../../accounts/queries/member-read-models.js';
import { identityDatabase, UserNotFoundError, type IdentityDatabase } from '../../identity/index.js';

export class GetMemberProfile extends Query<MemberProfile> {
  /** `after`: a command's log position the figures must reflect (read your writes). */
  constructor(
    readonly userId: string,
    readonly after?: unknown,
  ) {
    super();
  }
}

@QueryHandler(GetMemberProfile)
export class GetMemberProfileHandler implements IQueryHandler<GetMemberProfile> {
  private readonly db: IdentityDatabase;

  constructor(@Inject(DATABASE) private readonly database: Database) {
    this.db = identityDatabase(database);
  }

  async execute({ userId, after }: GetMemberProfile): Promise<MemberProfile> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'phone', 'referral_code', 'status', 'created_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new UserNotFoundError('own');
    const figures = await memberFigures(this.database, userId, after);
    return {
      id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email ?? '',
      phone: user.phone ?? '',
      referral_code: user.referral_code,
      status: user.status,
      createdAt: user.created_at.toISOString(),
      ...figures,
    };
  }
}
