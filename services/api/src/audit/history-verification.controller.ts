import { Controller, Get, Inject, Param } from '@nestjs/common';
import { historyVerification, type HistoryVerification } from '@ledgerstone/contracts';
import { verifyHistory } from '@ledgerstone/eventstore';
import { accountStreamId } from '@ledgerstone/ledger';
import { z } from 'zod';
import { StaffRead } from '../shared/auth/access.decorators.js';
import { DATABASE, type Database } from '../shared/infrastructure/infrastructure.tokens.js';
import { assertMember } from '../accounts/index.js';

const userIdParameter = z.uuid();

/** Tamper evidence: walks the hash chains of the whole store, or of one member's account. */
@StaffRead()
@Controller('admin')
export class HistoryVerificationController {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  @Get('verify-history')
  async wholeStore(): Promise<HistoryVerification> {
    return historyVerification.parse(await verifyHistory(this.database));
  }

  @Get('users/:id/verify-history')
  async member(@Param('id') id: string): Promise<HistoryVerification> {
    const userId = userIdParameter.parse(id);
    await assertMember(this.database, userId);
    return historyVerification.parse(
      await verifyHistory(this.database, { streamId: accountStreamId(userId) }),
    );
  }
}
