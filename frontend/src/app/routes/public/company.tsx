import { env } from '../../../config/env.js';
import { CompanyPage } from '../../../features/marketing/components/company-page.js';

export function Component() {
  return <CompanyPage productName={env.PRODUCT_NAME} />;
}
