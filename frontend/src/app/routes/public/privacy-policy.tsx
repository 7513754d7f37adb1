import { env } from '../../../config/env.js';
import { PrivacyPolicyPage } from '../../../features/marketing/components/privacy-policy-page.js';

export function Component() {
  return <PrivacyPolicyPage companyName={env.PRODUCT_NAME} />;
}
