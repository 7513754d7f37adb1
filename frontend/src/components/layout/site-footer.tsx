import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

import { env } from '../../config/env.js';
import { paths } from '../../config/paths.js';
import { Logo } from '../ui/logo.js';
import { serviceLinks, type NavLink } from './public-navigation.js';

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
    <Grid size={{ xs: 12, sm: 4, md: 'grow' }}>
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
    </Grid>
  );
}

function FooterLink({ link }: { link: NavLink }) {
  return (
    <li>
      <Link href={link.href} color="text.secondary" sx={{ '&:hover': { color: 'common.white' } }}>
        {link.label}
      </Link>
    </li>
  );
}

export function SiteFooter({ serviceStatus }: { serviceStatus?: ReactNode }) {
  return (
    <Box component="footer" sx={{ bgcolor: '#070e1a', pt: { xs: 6, md: 8 }, pb: 4 }}>
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 4, md: 6 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Logo />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2, maxWidth: 340 }}>
              Real estate, retirement, gold, cryptocurrency, NFTs, stocks and ETFs, and foreign exchange, in
              one member account.
            </Typography>
          </Grid>
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
        </Grid>

        <Divider sx={{ my: 4 }} />

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
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            © {COPYRIGHT_YEAR} {env.PRODUCT_NAME}. All rights reserved.
          </Typography>
          {serviceStatus}
        </Box>
      </Container>
    </Box>
  );
}
