import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SecurityOverview } from '@ledgerstone/contracts';
import { hasSecondFactor, isStaffRole } from '@ledgerstone/ledger';
import type { Actor } from '../../shared/auth/actor.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { deviceLabel } from '../domain/device.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { SessionStore } from '../persistence/session-store.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';

export class GetSecurityOverview extends Query<SecurityOverview> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(GetSecurityOverview)
export class GetSecurityOverviewHandler implements IQueryHandler<GetSecurityOverview> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: TwoFactorStore,
    private readonly sessions: SessionStore,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ actor }: GetSecurityOverview): Promise<SecurityOverview> {
    const [state, passkeys, sessions] = await Promise.all([
      this.store.state(this.db, actor.userId),
      this.store.passkeys(this.db, actor.userId),
      this.sessions.openSessions(actor.userId, this.clock.now()),
    ]);
    return {
      enabled: hasSecondFactor(state),
      required: isStaffRole(state.role),
      totpEnabled: state.totp,
      passkeys: passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.createdAt.toISOString(),
        lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
      })),
      recoveryCodesLeft: state.recoveryCodesLeft,
      sessions: sessions.map((session) => ({
        id: session.id,
        device: deviceLabel(session.userAgent),
        ip: session.ip ?? 'unknown',
        signedInAt: session.signedInAt.toISOString(),
        lastActiveAt: session.lastActiveAt.toISOString(),
        current: session.id === actor.sessionId,
      })),
    };
  }
}
