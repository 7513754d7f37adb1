export * from './database.js';
export * from './migrations/migrator.js';
export * from './testing/test-database.js';
