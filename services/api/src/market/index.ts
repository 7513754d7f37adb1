/** What the market context offers the rest of the api: nothing else of it may be imported from outside. */
export { MarketModule } from './market.module.js';
