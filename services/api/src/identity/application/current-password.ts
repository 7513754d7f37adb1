import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { findUser } from '../persistence/users.js';
import { PasswordHasher } from './password-hasher.js';

/**
 * A signed-in user's password, asked again before a factor is turned off or the first one added: limited as a
 * password change is.
 */
@Injectable()
export class CurrentPassword {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    private readonly rateLimits: RateLimits,
    private readonly hasher: PasswordHasher,
  ) {
    this.db = identityDatabase(database);
  }

  async matches(userId: string, password: string): Promise<boolean> {
    // Counted before the password is checked: a stolen session cannot guess it at will.
    await this.rateLimits.passwordChangeAttempt(userId);
    const user = await findUser(this.db, userId);
    const right = user ? await this.hasher.verify(user.password_hash, password) : false;
    if (right) await this.rateLimits.passwordChangeSucceeded(userId);
    return right;
  }

  /** As `matches`, for a password only some requests need (a first factor's): null when none was given. */
  async matchesIfGiven(userId: string, password: string | undefined): Promise<boolean | null> {
    return password === undefined ? null : this.matches(userId, password);
  }
}
