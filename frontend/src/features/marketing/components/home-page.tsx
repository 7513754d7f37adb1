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
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { paths } from '../../../config/paths.js';
import { testimonials } from '../content/testimonials.js';
import { HeroBackdrop } from './hero-backdrop.js';
import { PromotionBanner } from './promotion-banner.js';
import { RevealCard } from './reveal-card.js';
import { SectionHeading } from './section-heading.js';
import { TestimonialsCarousel } from './testimonials-carousel.js';
import { TypingTitle } from './typing-title.js';

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
        <Container maxWidth="lg" sx={{ position: 'relative', py: { xs: 14, md: 16 } }}>
          <Typography variant="overline" component="p" sx={{ color: 'primary.light', fontSize: '0.9rem' }}>
            Welcome to
          </Typography>
          <TypingTitle id="hero-title" name={productName} phrases={phrases} />
          <Typography
            sx={{ color: 'text.secondary', mt: 3, maxWidth: 560, fontSize: { xs: '1.05rem', sm: '1.2rem' } }}
          >
            Real estate, retirement, gold, cryptocurrency, NFTs, stocks and ETFs, and foreign exchange, in one
            member account with every movement of your money on record.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5, alignItems: 'flex-start' }}>
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
          </Stack>
        </Container>
      </Box>

      <Container
        component="section"
        aria-labelledby="intro-title"
        maxWidth="lg"
        sx={{ py: { xs: 8, md: 12 } }}
      >
        <SectionHeading id="intro-title" overline="Overview" title="Start a Good Plan" />
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', maxWidth: 720, mx: 'auto', mb: 5 }}>
          Choose a plan, fund it from your member account and follow its progress day by day. Investments
          carry risk: the value of what you invest can go down as well as up.
        </Typography>
        <PromotionBanner />
      </Container>

      <Box
        component="section"
        aria-labelledby="work-title"
        sx={{ bgcolor: 'background.paper', py: { xs: 8, md: 12 } }}
      >
        <Container maxWidth="lg">
          <Grid container spacing={6} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <SectionHeading id="work-title" title="Let Us Work For You." align="left" />
              <Typography sx={{ color: 'text.secondary', mb: 4 }}>
                Our team selects, manages and reviews the plans on offer, and your dashboard shows each
                deposit, plan and withdrawal as it happens. You decide how much to invest and when to withdraw
                what is available.
              </Typography>
              <Button variant="contained" size="large" href={paths.auth.signup.path}>
                Create Your account
              </Button>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
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
            </Grid>
          </Grid>
        </Container>
      </Box>

      <Container
        component="section"
        aria-labelledby="purpose-title"
        maxWidth="lg"
        sx={{ py: { xs: 8, md: 12 } }}
      >
        <SectionHeading id="purpose-title" title="Our Purpose" />
        <Grid container spacing={3}>
          {purposes.map((purpose, index) => (
            <Grid key={purpose.title} size={{ xs: 12, sm: 6, md: 3 }}>
              <RevealCard {...purpose} delayMs={index * 120} />
            </Grid>
          ))}
        </Grid>
      </Container>

      <Box
        component="section"
        aria-labelledby="why-title"
        sx={{ bgcolor: 'background.paper', py: { xs: 8, md: 12 } }}
      >
        <Container maxWidth="lg">
          <SectionHeading id="why-title" title="Why Choose Us" />
          <Grid container spacing={3}>
            {reasons.map((reason) => (
              <Grid key={reason.title} size={{ xs: 12, sm: 6, md: 3 }}>
                <RevealCard {...reason} />
              </Grid>
            ))}
          </Grid>
        </Container>
      </Box>

      <Container
        component="section"
        aria-labelledby="clients-title"
        maxWidth="lg"
        sx={{ py: { xs: 8, md: 12 } }}
      >
        <SectionHeading id="clients-title" overline="Testimonials" title="What Clients Say" />
        <TestimonialsCarousel testimonials={testimonials} />
      </Container>
    </>
  );
}
