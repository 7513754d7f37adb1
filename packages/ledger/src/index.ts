export * from './identity/identity.events.js';
