import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { env } from '../../config/env.js';
import { paths } from '../../config/paths.js';

function HeroBackdrop() {
  return (
    <Box
      component="svg"
      aria-hidden="true"
      viewBox="0 0 800 400"
      preserveAspectRatio="none"
      sx={{
        position: 'absolute',
        right: 0,
        bottom: 0,
        width: '100%',
        height: '55%',
        opacity: 0.45,
        // Fades out towards the text so the chart never runs behind the words.
        maskImage: 'linear-gradient(to right, transparent 10%, black 75%)',
      }}
    >
      <defs>
        <linearGradient id="hero-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#d4af5a" stopOpacity="0.35" />
          <stop offset="1" stopColor="#d4af5a" stopOpacity="0" />
        </linearGradient>
      </defs>
      <path
        d="M0 330 L90 300 L160 316 L240 262 L320 276 L400 214 L470 230 L550 168 L630 182 L710 118 L800 92 L800 400 L0 400 Z"
        fill="url(#hero-area)"
      />
      <path
        d="M0 330 L90 300 L160 316 L240 262 L320 276 L400 214 L470 230 L550 168 L630 182 L710 118 L800 92"
        fill="none"
        stroke="#e8cd8a"
        strokeWidth="2"
      />
      <path
        d="M0 360 L120 344 L220 352 L330 318 L430 326 L540 282 L650 290 L800 236"
        fill="none"
        stroke="#8fb3d9"
        strokeOpacity="0.6"
        strokeWidth="1.5"
      />
    </Box>
  );
}

export function HomeRoute() {
  return (
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
      <title>{`${env.PRODUCT_NAME} | Invest with clarity`}</title>
      <HeroBackdrop />
      <Container maxWidth="lg" sx={{ position: 'relative', py: { xs: 14, md: 16 } }}>
        <Typography variant="overline" component="p" sx={{ color: 'primary.light', fontSize: '0.9rem' }}>
          Welcome to
        </Typography>
        <Typography
          id="hero-title"
          variant="h1"
          sx={{ fontSize: { xs: '3rem', sm: '4.5rem', md: '5.5rem' }, lineHeight: 1.05, mt: 1 }}
        >
          {env.PRODUCT_NAME}
        </Typography>
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
  );
}
