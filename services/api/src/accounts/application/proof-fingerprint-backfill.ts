import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { ProofMissingError } from '../domain/accounts.errors.js';
import { accountsDatabase, type AccountsDatabase } from '../persistence/accounts.tables.js';
import { ProofStorage } from './proof-storage.js';

const BATCH = 100;

/**
 * Proofs stored before they were fingerprinted (migration 0024) have no SHA-256, so the Transactions screen
 * compared them with nothing. At start each is read back from object storage and fingerprinted, in batches, in
 * the background: the api serves meanwhile. Only a row still without a fingerprint is written, so several api
 * instances may run it at once; a proof that cannot be read stays without one and the run goes on.
 */
@Injectable()
export class ProofFingerprintBackfill {
  private readonly logger = new Logger(ProofFingerprintBackfill.name);
  private readonly db: AccountsDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    private readonly proofs: ProofStorage,
  ) {
    this.db = accountsDatabase(database);
  }

  /** Runs in the background: the database away leaves the rest for the next start. */
  start(): void {
    this.run().catch((error: unknown) =>
      this.logger.warn(
        `stopped fingerprinting old proofs of payment, to go on at the next start: ${String(error)}`,
      ),
    );
  }

  /** How many proofs it fingerprinted. */
  async run(): Promise<number> {
    let fingerprinted = 0;
    let unread = 0;
    let after: string | null = null;
    for (;;) {
      const batch = await this.db
        .selectFrom('deposit_proofs')
        .select(['deposit_id', 'object_key'])
        .where('sha256', 'is', null)
        .$if(after !== null, (query) => query.where('deposit_id', '>', after!))
        .orderBy('deposit_id')
        .limit(BATCH)
        .execute();
      for (const { deposit_id: depositId, object_key: key } of batch) {
        const sha256 = await this.fingerprint(key);
        if (sha256 === null) {
          unread += 1;
          continue;
        }
        const { numUpdatedRows } = await this.db
          .updateTable('deposit_proofs')
          .set({ sha256 })
          .where('deposit_id', '=', depositId)
          .where('sha256', 'is', null)
          .executeTakeFirst();
        fingerprinted += Number(numUpdatedRows);
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1]!.deposit_id;
    }
    if (fingerprinted > 0)
      this.logger.log(`fingerprinted ${fingerprinted} proofs of payment stored before 0024`);
    if (unread > 0) this.logger.warn(`could not read ${unread} proofs of payment to fingerprint them`);
    return fingerprinted;
  }

  /**
   * The proof's SHA-256; null when it cannot be read: missing from storage, or refused (some stores answer a
   * missing key with AccessDenied), so that one proof never holds back the ones after it.
   */
  private async fingerprint(key: string): Promise<Buffer | null> {
    try {
      const hash = createHash('sha256');
      for await (const chunk of await this.proofs.open(key)) hash.update(chunk as Buffer);
      return hash.digest();
    } catch (error) {
      if (!(error instanceof ProofMissingError))
        this.logger.warn(`could not read the proof ${key}: ${String(error)}`);
      return null;
    }
  }
}
