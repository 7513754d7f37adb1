import { paths } from '../../config/paths.js';

export type NavLink = { label: string; href: string };

export const serviceLinks: readonly NavLink[] = [
  { label: 'Real Estate', href: paths.services.realEstate.path },
  { label: 'Retirement', href: paths.services.retirement.path },
  { label: 'Gold', href: paths.services.gold.path },
  { label: 'Cryptocurrency', href: paths.services.crypto.path },
  { label: 'NFTs', href: paths.services.nfts.path },
  { label: 'Stocks & ETFs', href: paths.services.stocks.path },
  { label: 'Foreign Exchange', href: paths.services.forex.path },
];

export const homeLink: NavLink = { label: 'Home', href: paths.home.path };
export const companyLink: NavLink = { label: 'Company', href: paths.company.path };
export const trailingLinks: readonly NavLink[] = [
  { label: 'Career', href: paths.career.path },
  { label: 'Contact', href: paths.contact.path },
];
export const loginLink: NavLink = { label: 'Login', href: paths.auth.login.path };

/** At this width or less the top bar gives way to the side drawer. */
export const compactNavigationQuery = '(max-width:650px)';
