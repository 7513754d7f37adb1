/** What the approvals context offers the rest of the api: nothing else of it may be imported from outside. */
export { ApprovalsModule } from './approvals.module.js';
