import { env } from '../../../config/env.js';
import { CareerPage } from '../../../features/marketing/components/career-page.js';

export function Component() {
  return <CareerPage productName={env.PRODUCT_NAME} />;
}
