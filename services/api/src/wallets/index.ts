/** What the wallets context offers the rest of the api: nothing else of it may be imported from outside. */
export { erasePayoutWallets } from './persistence/payout-wallets.tables.js';
export { WalletsModule } from './wallets.module.js';
