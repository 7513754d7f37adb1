import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import type { Actor } from '../../shared/auth/actor.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { UserNotFoundError } from '../domain/identity.errors.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { findUser } from '../persistence/users.js';
import { WebAuthn } from './webauthn.js';

/** Where a passkey registration's challenge waits: under the session that asked for it. */
export function registrationChallengeKey(sessionId: string): string {
  return `registration:${sessionId}`;
}

/** Options for the browser to create a passkey: discoverable, user-verifying, none of the user's own again. */
export class StartPasskeyRegistration extends Command<PublicKeyCredentialCreationOptionsJSON> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@CommandHandler(StartPasskeyRegistration)
export class StartPasskeyRegistrationHandler implements ICommandHandler<StartPasskeyRegistration> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: TwoFactorStore,
    private readonly webAuthn: WebAuthn,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ actor }: StartPasskeyRegistration): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const user = await findUser(this.db, actor.userId);
    if (!user) throw new UserNotFoundError('own');
    const handle = await this.db.transaction().execute((trx) => this.store.userHandle(trx, user.id));
    const options = await this.webAuthn.registrationOptions(
      {
        handle,
        name: user.email ?? user.id,
        displayName: `${user.first_name} ${user.last_name}`,
      },
      await this.store.passkeys(this.db, user.id),
    );
    await this.store.putChallenge(
      this.db,
      registrationChallengeKey(actor.sessionId),
      options.challenge,
      user.id,
      this.clock.now(),
    );
    return options;
  }
}
