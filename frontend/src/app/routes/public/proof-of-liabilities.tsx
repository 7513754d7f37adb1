import { ProofOfLiabilitiesPage } from '../../../features/proof-of-liabilities/components/proof-of-liabilities-page.js';

export function Component() {
  return <ProofOfLiabilitiesPage />;
}
