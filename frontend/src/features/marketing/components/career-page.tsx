import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { PageHeader } from '../../../components/layout/page-header.js';
import { paths } from '../../../config/paths.js';
import { PageWidth } from '../../../components/layout/page-width.js';

export function CareerPage({ productName }: { productName: string }) {
  return (
    <>
      <PageHeader title={`Join ${productName}`} summary="Help us make investing easier to understand." />
      <PageWidth component="section" aria-labelledby="career-title" sx={{ py: { xs: 8, md: 10 } }}>
        <Box sx={{ maxWidth: 760 }}>
          <Typography id="career-title" variant="h4" component="h2" sx={{ mb: 3 }}>
            Working with us
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>
            We are a small team of analysts, engineers and client advisers based in Bristol. We value plain
            language, careful work and honesty about risk, with our members and with each other.
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>
            We offer flexible hours, hybrid working, a learning budget and time to get things right.
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 4 }}>
            To apply, get in touch through this site: tell us who you are and what you would like to work on,
            and we will reply to every application.
          </Typography>
          <Button variant="contained" size="large" href={paths.contact.path}>
            Contact us to apply
          </Button>
        </Box>
      </PageWidth>
    </>
  );
}
