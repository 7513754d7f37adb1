export { formatDate } from '../../../lib/date-time.js';
