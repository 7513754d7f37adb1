export * from './identity/identity.events.js';
export * from './money.js';
export * from './account/account.events.js';
export * from './account/account.js';
export * from './account/account.errors.js';
export * from './account/account.decider.js';
export * from './account/account-balances.js';
export * from './catalog/catalog.events.js';
