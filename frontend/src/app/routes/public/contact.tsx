import { ContactPage } from '../../../features/marketing/components/contact-page.js';

export function Component() {
  return <ContactPage />;
}
