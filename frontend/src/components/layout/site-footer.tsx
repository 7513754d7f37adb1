import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

import { env } from '../../config/env.js';
import { paths } from '../../config/paths.js';
import { Logo } from '../ui/logo.js';
import { RouterLink } from '../ui/router-link.js';
import { serviceLinks, type NavLink } from './public-navigation.js';
import { PageWidth } from './page-width.js';

const COPYRIGHT_YEAR = 2020;

const companyLinks: readonly NavLink[] = [
  { label: 'Home', href: paths.home.path },
  { label: 'About Us', href: paths.company.path },
  { label: 'Career', href: paths.career.path },
  { label: 'Client Portal', href: paths.auth.login.path },
  { label: 'Start Membership', href: paths.auth.signup.path },
  { label: 'Contact Us', href: paths.contact.path },
];

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="nav" aria-labelledby={headingId}>
      <Typography
        id={headingId}
        component="h2"
        variant="overline"
        sx={{ color: 'primary.light', display: 'block', mb: 1.5 }}
      >
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {children}
      </Box>
    </Box>
  );
}

function FooterLink({ link }: { link: NavLink }) {
  return (
    <li>
      <Box
        component={RouterLink}
        href={link.href}
        sx={{
          color: 'text.secondary',
          textDecoration: 'none',
          '&:hover': { color: 'common.white', textDecoration: 'underline' },
        }}
      >
        {link.label}
      </Box>
    </li>
  );
}

export function SiteFooter({ serviceStatus }: { serviceStatus?: ReactNode }) {
  return (
    <Box component="footer" sx={{ bgcolor: '#070e1a', pt: { xs: 6, md: 8 }, pb: 4 }}>
      <PageWidth>
        <Box
          sx={{
            display: 'grid',
            // The brand column across the top below md; beside the three link columns (a third of the row) from md.
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))', md: '3fr 2fr 2fr 2fr' },
            gap: { xs: 4, md: 6 },
          }}
        >
          <Box sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}>
            <Logo />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2, maxWidth: 340 }}>
              Real estate, retirement, gold, cryptocurrency, NFTs, stocks and ETFs, and foreign exchange, in
              one member account.
            </Typography>
          </Box>
          <FooterColumn title="Company">
            {companyLinks.map((link) => (
              <FooterLink key={link.label} link={link} />
            ))}
          </FooterColumn>
          <FooterColumn title="Services">
            {serviceLinks.map((link) => (
              <FooterLink key={link.href} link={link} />
            ))}
          </FooterColumn>
          <FooterColumn title="Legal">
            <FooterLink link={{ label: 'Privacy Policy', href: paths.privacyPolicy.path }} />
            <li>
              <Typography component="span" variant="body1" sx={{ color: 'text.disabled' }}>
                Terms of Use
              </Typography>
            </li>
          </FooterColumn>
        </Box>

        <Box component="hr" sx={{ my: 4, border: 0, borderBottom: 1, borderColor: 'divider' }} />

        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 900 }}>
          <Box component="strong" sx={{ color: 'text.primary' }}>
            Capital at risk.
          </Box>{' '}
          The value of investments can go down as well as up, and you may get back less than you invested.
          Past performance is not a reliable indicator of future results. Cryptocurrencies, NFTs and foreign
          exchange are especially volatile. A plan&apos;s stated return is a target for its term, not a
          promise: no investment with {env.PRODUCT_NAME} is guaranteed or free of risk.
        </Typography>

        <Box
          sx={{
            mt: 3,
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            justifyContent: 'space-between',
            gap: 1.5,
          }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              © {COPYRIGHT_YEAR} {env.PRODUCT_NAME}. All rights reserved.
            </Typography>
            <Box
              component={RouterLink}
              href={paths.proofOfLiabilities.path}
              sx={{
                typography: 'body2',
                color: 'text.secondary',
                '&:hover': { color: 'common.white' },
              }}
            >
              Proof of liabilities
            </Box>
          </Box>
          {serviceStatus}
        </Box>
      </PageWidth>
    </Box>
  );
}
