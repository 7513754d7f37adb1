import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { GetPayoutWalletsHandler } from './application/get-payout-wallets.query.js';
import { SavePayoutWalletsHandler } from './application/save-payout-wallets.command.js';
import { PayoutWalletsController } from './http/payout-wallets.controller.js';

const controllers = [PayoutWalletsController];

const commandHandlers = [SavePayoutWalletsHandler];

const queryHandlers = [GetPayoutWalletsHandler];

@Module({
  imports: [IdentityModule],
  controllers,
  providers: [...commandHandlers, ...queryHandlers],
})
export class WalletsModule {}
