import { env } from '../../../config/env.js';
import { HomePage } from '../../../features/marketing/components/home-page.js';

export function Component() {
  return <HomePage productName={env.PRODUCT_NAME} />;
}
