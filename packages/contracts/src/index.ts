export * from './mail.js';
export * from './identity.js';
export * from './wallet-address.js';
export * from './money-format.js';
export * from './read-models.js';
export * from './accounts.js';
export * from './catalog.js';
export * from './wallets.js';
