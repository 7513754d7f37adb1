import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BuildIcon from '@mui/icons-material/Build';
import ExploreIcon from '@mui/icons-material/Explore';
import LockIcon from '@mui/icons-material/Lock';
import PublicIcon from '@mui/icons-material/Public';
import SavingsIcon from '@mui/icons-material/Savings';
import ShieldIcon from '@mui/icons-material/Shield';
import SpeedIcon from '@mui/icons-material/Speed';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { paths } from '../../../config/paths.js';
import { testimonials } from '../content/testimonials.js';
import { HeroBackdrop } from './hero-backdrop.js';
import { PromotionBanner } from './promotion-banner.js';
import { RevealCard } from './reveal-card.js';
import { SectionHeading } from './section-heading.js';
import { TestimonialsCarousel } from './testimonials-carousel.js';
import { TypingTitle } from './typing-title.js';
import { PageWidth } from '../../../components/layout/page-width.js';
import { Island } from '../../../components/ui/island.js';

const purposes = [
  {
    icon: <ExploreIcon fontSize="large" />,
    title: 'Explore With Us',
    text: 'Discover real estate, gold, crypto, stocks and currencies, explained in plain words with their risks.',
  },
  {
    icon: <SpeedIcon fontSize="large" />,
    title: 'High Frequency Trading',
    text: 'Automated strategies that react to the market in fractions of a second, run under strict risk limits.',
  },
  {
    icon: <AccountBalanceIcon fontSize="large" />,
    title: 'Investment Management',
    text: 'Plans managed by our team, with every deposit, profit and withdrawal recorded in your account.',
  },
  {
    icon: <SavingsIcon fontSize="large" />,
    title: 'Wealth Management',
    text: 'A long-term view across several assets, so no single market decides your future.',
  },
];

const reasons = [
  {
    icon: <LockIcon fontSize="large" />,
    title: 'Security & Privacy',
    text: 'Hashed passwords, secure sessions and a tamper-evident record of every movement of money.',
  },
  {
    icon: <BuildIcon fontSize="large" />,
    title: 'Investing Tools',
    text: 'A dashboard with your balances, plans, history and referrals, always up to date.',
  },
  {
    icon: <ShieldIcon fontSize="large" />,
    title: 'Asset Protection',
    text: 'Withdrawals are reserved at once and paid only after review, so funds never leave unnoticed.',
  },
  {
    icon: <PublicIcon fontSize="large" />,
    title: 'Investment Access',
    text: 'Seven asset classes from one member account, open from anywhere.',
  },
];

/** Four cards a row from md, two from sm, one below. */
function CardGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
        },
        gap: 3,
      }}
    >
      {children}
    </Box>
  );
}

export function HomePage({ productName }: { productName: string }) {
  const phrases = [productName, 'Trade Smart, Trade Secure', `Grow with ${productName}`];
  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-title"
        sx={{
          position: 'relative',
          overflow: 'hidden',
          minHeight: '100svh',
          display: 'flex',
          alignItems: 'center',
          background:
            'radial-gradient(ellipse at 20% 20%, rgba(143, 179, 217, 0.14), transparent 50%), radial-gradient(ellipse at 80% 70%, rgba(212, 175, 90, 0.16), transparent 55%), linear-gradient(160deg, #0e1b33 0%, #0b1424 60%, #070e1a 100%)',
        }}
      >
        <title>{`${productName} | Invest with clarity`}</title>
        <HeroBackdrop />
        <PageWidth sx={{ position: 'relative', py: { xs: 14, md: 16 } }}>
          <Typography variant="overline" component="p" sx={{ color: 'primary.light', fontSize: '0.9rem' }}>
            Welcome to
          </Typography>
          <Island
            name="typing-title"
            component={TypingTitle}
            props={{ id: 'hero-title', name: productName, phrases }}
          />
          <Typography
            sx={{ color: 'text.secondary', mt: 3, maxWidth: 560, fontSize: { xs: '1.05rem', sm: '1.2rem' } }}
          >
            Real estate, retirement, gold, cryptocurrency, NFTs, stocks and ETFs, and foreign exchange, in one
            member account with every movement of your money on record.
          </Typography>
          <Box
            sx={{
              mt: 5,
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              gap: 2,
              alignItems: 'flex-start',
            }}
          >
            <Button variant="contained" size="large" href={paths.auth.login.path}>
              Login
            </Button>
            <Button
              variant="outlined"
              size="large"
              color="inherit"
              href={paths.auth.signup.path}
              endIcon={<ArrowForwardIcon />}
            >
              Create account
            </Button>
          </Box>
        </PageWidth>
      </Box>

      <PageWidth component="section" aria-labelledby="intro-title" sx={{ py: { xs: 8, md: 12 } }}>
        <SectionHeading id="intro-title" overline="Overview" title="Start a Good Plan" />
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', maxWidth: 720, mx: 'auto', mb: 5 }}>
          Choose a plan, fund it from your member account and follow its progress day by day. Investments
          carry risk: the value of what you invest can go down as well as up.
        </Typography>
        <PromotionBanner />
      </PageWidth>

      <Box
        component="section"
        aria-labelledby="work-title"
        sx={{ bgcolor: 'background.paper', py: { xs: 8, md: 12 } }}
      >
        <PageWidth>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              gap: 6,
              alignItems: 'center',
            }}
          >
            <div>
              <SectionHeading id="work-title" title="Let Us Work For You." align="left" />
              <Typography sx={{ color: 'text.secondary', mb: 4 }}>
                Our team selects, manages and reviews the plans on offer, and your dashboard shows each
                deposit, plan and withdrawal as it happens. You decide how much to invest and when to withdraw
                what is available.
              </Typography>
              <Button variant="contained" size="large" href={paths.auth.signup.path}>
                Create Your account
              </Button>
            </div>
            <div>
              <Box
                component="img"
                src="/images/work-for-you.svg"
                alt="A dashboard chart of an account growing over time"
                width={560}
                height={420}
                loading="lazy"
                decoding="async"
                sx={{ width: '100%', height: 'auto', display: 'block' }}
              />
            </div>
          </Box>
        </PageWidth>
      </Box>

      <PageWidth component="section" aria-labelledby="purpose-title" sx={{ py: { xs: 8, md: 12 } }}>
        <SectionHeading id="purpose-title" title="Our Purpose" />
        <CardGrid>
          {purposes.map((purpose, index) => (
            <RevealCard key={purpose.title} {...purpose} delayMs={index * 120} />
          ))}
        </CardGrid>
      </PageWidth>

      <Box
        component="section"
        aria-labelledby="why-title"
        sx={{ bgcolor: 'background.paper', py: { xs: 8, md: 12 } }}
      >
        <PageWidth>
          <SectionHeading id="why-title" title="Why Choose Us" />
          <CardGrid>
            {reasons.map((reason) => (
              <RevealCard key={reason.title} {...reason} />
            ))}
          </CardGrid>
        </PageWidth>
      </Box>

      <PageWidth component="section" aria-labelledby="clients-title" sx={{ py: { xs: 8, md: 12 } }}>
        <SectionHeading id="clients-title" overline="Testimonials" title="What Clients Say" />
        <Island name="testimonials-carousel" component={TestimonialsCarousel} props={{ testimonials }} />
      </PageWidth>
    </>
  );
}
