export * from './testing/recorded-events.js';
