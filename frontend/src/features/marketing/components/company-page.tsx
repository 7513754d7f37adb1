import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { PageHeader } from '../../../components/layout/page-header.js';
import { PageWidth } from '../../../components/layout/page-width.js';

export function CompanyPage({ productName }: { productName: string }) {
  const pillars = [
    {
      title: 'Vision',
      text: 'A world where anyone can invest with the same clear information as a professional.',
    },
    {
      title: 'Mission',
      text: 'To offer well-explained investment plans across seven asset classes, with every movement of our members’ money on record.',
    },
    {
      title: 'Guarantee',
      text: 'Our guarantee is transparency, not returns: clear fees, plain-spoken risks, and a full history of your account whenever you ask. The value of investments can go down as well as up.',
    },
  ];
  return (
    <>
      <PageHeader
        title="Company"
        summary={`${productName} helps people invest in real estate, gold, cryptocurrencies, stocks and currencies from one account.`}
      />
      <PageWidth component="section" aria-labelledby="about-title" sx={{ py: { xs: 8, md: 10 } }}>
        <Grid container spacing={6} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography
              id="about-title"
              variant="h3"
              component="h2"
              sx={{ mb: 3, fontSize: { xs: '2rem', md: '2.5rem' } }}
            >
              About {productName}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>
              {productName} was founded in 2020 in Bristol, United Kingdom, by a small team of analysts and
              engineers who wanted investing to be easier to follow. We bring plans in several asset classes
              under one member account.
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              Every deposit, investment and withdrawal is recorded and shown to you as it happens, and our
              team reviews each payout before it leaves.
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Box
              component="img"
              src="/images/company.svg"
              alt="Office buildings at the harbourside"
              width={560}
              height={420}
              loading="lazy"
              decoding="async"
              sx={{ width: '100%', height: 'auto', display: 'block' }}
            />
          </Grid>
        </Grid>
      </PageWidth>
      <Box
        component="section"
        aria-label="Vision, mission and guarantee"
        sx={{ bgcolor: 'background.paper', py: { xs: 8, md: 10 } }}
      >
        <PageWidth>
          <Grid container spacing={3}>
            {pillars.map((pillar) => (
              <Grid key={pillar.title} size={{ xs: 12, md: 4 }}>
                <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
                  <Typography variant="h5" component="h2" sx={{ color: 'primary.light', mb: 1.5 }}>
                    {pillar.title}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary' }}>{pillar.text}</Typography>
                </Paper>
              </Grid>
            ))}
          </Grid>
        </PageWidth>
      </Box>
    </>
  );
}
