import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG, DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { IdentityEventLog } from '../persistence/identity-event-log.js';
import { identityDatabase } from '../persistence/identity.tables.js';
import { PasswordHasher } from './password-hasher.js';
import { generatedPassword, StaffAccountRefused, StaffAccounts } from './staff-accounts.js';

/** At start: an installation without an admin gets one, from ADMIN_EMAIL / ADMIN_PASSWORD. */
@Injectable()
export class FirstAdmin {
  private readonly logger = new Logger('FirstAdmin');
  private readonly accounts: StaffAccounts;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    hasher: PasswordHasher,
    events: IdentityEventLog,
  ) {
    this.accounts = new StaffAccounts(identityDatabase(database), hasher, events);
  }

  /** Returns the new admin's id, or undefined when an admin already exists. */
  async ensure(): Promise<string | undefined> {
    const { email, password } = this.config.firstAdmin;
    const chosen = password ?? generatedPassword();
    const adminId = await this.accounts
      .ensureAdmin(
        { role: 'admin', email, firstName: 'Admin', lastName: 'Ledgerstone', password: chosen },
        this.clock.now(),
      )
      .catch((error: unknown) => {
        if (!(error instanceof StaffAccountRefused)) throw error;
        const variable = error.field === 'email' ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
        throw new StaffAccountRefused(
          error.field,
          `cannot create the first admin: ${variable}: ${error.message}`,
        );
      });
    if (!adminId) return undefined;
    if (password) {
      this.logger.log(`created the admin ${email} with the password from ADMIN_PASSWORD`);
    } else {
      // The only place this password is ever shown: it is stored hashed.
      this.logger.warn(
        `created the admin ${email} with the generated password ${chosen} (shown only this once: note it now)`,
      );
    }
    return adminId;
  }
}
