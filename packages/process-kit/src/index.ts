export * from './health-server.js';
export * from './logger.js';
