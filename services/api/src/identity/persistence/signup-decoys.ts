import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG } from '../../shared/infrastructure/infrastructure.tokens.js';
import { signupDecoyMac } from '../domain/secrets.js';
import type { IdentityDatabase } from './identity.tables.js';

/**
 * A signup with an address that has a verified account is answered as a new one, and its ticket names an
 * account that does not exist (see DecoyVerifications). Signing in with that signup's password must then answer
 * as a new address's unverified account does, asking for verification, or the login page would tell which
 * addresses are registered. So the first such signup of an address is kept: the id its ticket named and its
 * password's MAC. A later signup keeps nothing, as a second signup with a new address opens nothing either.
 * An address whose account is still unverified gets none: its first signup's password is the one that signs in.
 */
@Injectable()
export class SignupDecoys {
  private readonly secret: string;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    this.secret = config.cookieSecret;
  }

  /**
   * After a signup with an address that has an account (`owner`, as read after the signup found it taken):
   * keeps the decoy unless the account is unverified.
   */
  async remember(
    db: IdentityDatabase,
    signup: { email: string; password: string; decoyUserId: string },
    owner: { status: string } | undefined,
    now: Date,
  ): Promise<void> {
    if (!owner || owner.status === 'unverified') return;
    const email = signup.email.toLowerCase();
    await db
      .insertInto('signup_decoys')
      .values({
        email,
        decoy_user_id: signup.decoyUserId,
        password_mac: signupDecoyMac(this.secret, signup.decoyUserId, signup.password),
        created_at: now,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .execute();
  }

  /** The decoy this address and password sign in to, if any; the MAC is computed whether or not one is kept. */
  async signingIn(db: IdentityDatabase, email: string, password: string): Promise<string | undefined> {
    const decoy = await db
      .selectFrom('signup_decoys')
      .select(['decoy_user_id', 'password_mac'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    const given = signupDecoyMac(this.secret, decoy?.decoy_user_id ?? '', password);
    const kept = decoy?.password_mac ?? Buffer.alloc(given.length);
    return decoy && kept.length === given.length && timingSafeEqual(kept, given)
      ? decoy.decoy_user_id
      : undefined;
  }

  /** Written as a sign-in of an unverified account writes its fresh code. */
  async signedIn(db: IdentityDatabase, decoyUserId: string, now: Date): Promise<void> {
    await db
      .updateTable('signup_decoys')
      .set({ last_signed_in_at: now })
      .where('decoy_user_id', '=', decoyUserId)
      .execute();
  }
}

/** The address is free or an account's anew (its account closed, or one opened with it): its decoy goes. */
export async function forgetSignupDecoy(db: IdentityDatabase, email: string): Promise<void> {
  await db.deleteFrom('signup_decoys').where('email', '=', email.toLowerCase()).execute();
}
