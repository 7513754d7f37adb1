export * from './mail.js';
export * from './identity.js';
