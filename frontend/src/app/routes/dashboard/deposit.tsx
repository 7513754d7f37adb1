import { FinancialServices } from '../../../features/deposits/components/financial-services.js';

export function Component() {
  return <FinancialServices />;
}
