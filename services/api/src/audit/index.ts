/** What the audit context offers the rest of the api: nothing else of it may be imported from outside. */
export { AUDIT_ROUTES } from './audit-routes.js';
export { AuditModule } from './audit.module.js';
