/** What the books context offers the rest of the api: nothing else of it may be imported from outside. */
export { BooksModule } from './books.module.js';
export { ClosedPeriods, type ClosingBalances } from './application/closed-periods.js';
export { PeriodClosing } from './application/period-closing.js';
