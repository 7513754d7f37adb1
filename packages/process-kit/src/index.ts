export * from './health-server.js';
export * from './logger.js';
export * from './account-links.js';
export * from './node-flags.js';
export * from './sealed-positions.js';
