import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { newPasswordSchema, type UserRole } from '@ledgerstone/contracts';
import { newPasswordProblem } from '../../shared/auth/password-policy.js';
import { seal, sealingKey, totpSealContext } from '../domain/secret-box.js';
import { newReferralCode } from '../domain/secrets.js';
import type { IdentityEventLog } from '../persistence/identity-event-log.js';
import { type IdentityDatabase, type IdentityTransaction } from '../persistence/identity.tables.js';
import type { PasswordHasher } from './password-hasher.js';
import { isUniqueViolation } from '../../shared/database/pg-errors.js';

export type StaffRole = Exclude<UserRole, 'member'>;

export interface StaffDetails {
  role: StaffRole;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** A staff account could not be created because of the e-mail or the password given; one line for the operator. */
export class StaffAccountRefused extends Error {
  override readonly name = 'StaffAccountRefused';

  constructor(
    readonly field: 'email' | 'password',
    message: string,
  ) {
    super(message);
  }
}

/** Only one starting api instance checks for and creates the first admin at a time. */
const FIRST_ADMIN_LOCK = sql`select pg_advisory_xact_lock(hashtext('ledgerstone:first-admin'))`;

/** A password for an account created without one: 24 characters from 18 random bytes. */
export function generatedPassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Admins and auditors exist only through these functions (the api's start and the staff CLI): no route creates
 * them. Accounts are active at once, their password held to the same policy as members'.
 */
export class StaffAccounts {
  constructor(
    private readonly db: IdentityDatabase,
    private readonly hasher: Pick<PasswordHasher, 'hash'>,
    private readonly events: IdentityEventLog,
  ) {}

  async create(staff: StaffDetails, now: Date): Promise<string> {
    const passwordHash = await this.hashPassword(staff.password);
    const userId = await this.db.transaction().execute((trx) => this.insert(trx, staff, passwordHash, now));
    this.events.committed();
    return userId;
  }

  /**
   * For tests only: a staff account whose authenticator app is already on, so tests of the admin area sign in
   * with a code instead of walking through the setup each time. It records no SecondFactorAdded, so the tests'
   * streams read as an account's before. Operators' accounts (`create`, `ensureAdmin`) always start without one.
   */
  async createWithAuthenticator(
    staff: StaffDetails,
    now: Date,
    totp: { secret: string; twoFactorKey: string },
  ): Promise<string> {
    const passwordHash = await this.hashPassword(staff.password);
    const userId = await this.db.transaction().execute(async (trx) => {
      const id = await this.insert(trx, staff, passwordHash, now);
      await trx
        .insertInto('totp_factors')
        .values({
          user_id: id,
          sealed_secret: seal(sealingKey(totp.twoFactorKey), totp.secret, totpSealContext(id)),
          setup_started_at: now,
          enabled_at: now,
          last_used_step: null,
        })
        .execute();
      return id;
    });
    this.events.committed();
    return userId;
  }

  /** Creates the admin unless an open admin account exists; safe when several instances start at once. */
  async ensureAdmin(admin: StaffDetails, now: Date): Promise<string | undefined> {
    if (await this.openAdminExists(this.db)) return undefined;
    const passwordHash = await this.hashPassword(admin.password);
    const userId = await this.db.transaction().execute(async (trx) => {
      await FIRST_ADMIN_LOCK.execute(trx);
      if (await this.openAdminExists(trx)) return undefined;
      return this.insert(trx, admin, passwordHash, now);
    });
    if (userId) this.events.committed();
    return userId;
  }

  private async hashPassword(password: string): Promise<string> {
    const length = newPasswordSchema.safeParse(password);
    const problem = length.success ? newPasswordProblem(password) : length.error.issues[0]?.message;
    if (problem) throw new StaffAccountRefused('password', problem);
    return this.hasher.hash(password);
  }

  private async openAdminExists(db: IdentityDatabase | IdentityTransaction): Promise<boolean> {
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('status', '!=', 'closed')
      .executeTakeFirst();
    return admin !== undefined;
  }

  private async insert(
    trx: IdentityTransaction,
    staff: StaffDetails,
    passwordHash: string,
    now: Date,
  ): Promise<string> {
    const userId = randomUUID();
    try {
      await trx
        .insertInto('users')
        .values({
          id: userId,
          email: staff.email,
          first_name: staff.firstName,
          last_name: staff.lastName,
          phone: null,
          password_hash: passwordHash,
          role: staff.role,
          status: 'active',
          referral_code: newReferralCode(),
          created_at: now,
          verified_at: now,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) {
        throw new StaffAccountRefused('email', `an account with the e-mail ${staff.email} already exists`);
      }
      throw error;
    }
    await this.events.record(
      trx,
      userId,
      [{ type: 'UserRegistered', data: { userId, role: staff.role, referredBy: null } }],
      { actorId: userId, actorRole: 'system', requestId: randomUUID() },
    );
    return userId;
  }
}
