/** What the audit context offers the rest of the api: nothing else of it may be imported from outside. */
export { AuditModule } from './audit.module.js';
