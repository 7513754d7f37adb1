import EmailIcon from '@mui/icons-material/Email';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';

import { PageHeader } from '../../../components/layout/page-header.js';
import { headOffice } from '../content/company.js';
import { PageWidth } from '../../../components/layout/page-width.js';

export const mapLoadTimeoutMs = 8000;
const mapProbeUrl = 'https://www.openstreetmap.org/favicon.ico';

function mapEmbedUrl(latitude: number, longitude: number): string {
  const span = 0.01;
  const bbox = [longitude - span, latitude - span / 2, longitude + span, latitude + span / 2].join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`;
}

function AddressCard() {
  return (
    <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
      <Stack spacing={3}>
        <Stack direction="row" spacing={2}>
          <PlaceIcon color="primary" aria-hidden="true" />
          <Box>
            <Typography variant="h6" component="h2">
              Head office
            </Typography>
            <Typography component="address" sx={{ fontStyle: 'normal', color: 'text.secondary' }}>
              {headOffice.lines.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={2}>
          <EmailIcon color="primary" aria-hidden="true" />
          <Box>
            <Typography variant="h6" component="h2">
              E-mail
            </Typography>
            <Link component="a" href={`mailto:${headOffice.email}`}>
              {headOffice.email}
            </Link>
          </Box>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The OpenStreetMap embed. A failed iframe cannot be told from a loaded one, so the map host is probed first:
 * until it answers (offline, blocked, slow), the address card stands in for the map.
 */
function OfficeMap() {
  const [reachable, setReachable] = useState(false);

  useEffect(() => {
    const probe = new AbortController();
    const timer = setTimeout(() => probe.abort(), mapLoadTimeoutMs);
    fetch(mapProbeUrl, { mode: 'no-cors', cache: 'no-store', signal: probe.signal })
      .then(() => setReachable(true))
      .catch(() => setReachable(false))
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      probe.abort();
    };
  }, []);

  if (!reachable) {
    return (
      <Paper
        variant="outlined"
        role="img"
        aria-label="Map unavailable"
        sx={{
          p: 3,
          height: '100%',
          minHeight: 360,
          display: 'grid',
          placeItems: 'center',
          textAlign: 'center',
        }}
      >
        <Box>
          <PlaceIcon color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
          <Typography sx={{ color: 'text.secondary' }}>Find us at</Typography>
          <Typography sx={{ fontWeight: 700 }}>{headOffice.lines.join(', ')}</Typography>
        </Box>
      </Paper>
    );
  }
  return (
    <Box
      component="iframe"
      title="Map of our head office in Bristol"
      src={mapEmbedUrl(headOffice.latitude, headOffice.longitude)}
      loading="lazy"
      referrerPolicy="no-referrer"
      width="100%"
      height={360}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        display: 'block',
        bgcolor: 'background.paper',
      }}
    />
  );
}

export function ContactPage() {
  return (
    <>
      <PageHeader
        title="Contact Us"
        summary="Questions about your account or our plans? Write to us or visit our head office."
      />
      <PageWidth component="section" aria-label="How to reach us" sx={{ py: { xs: 8, md: 10 } }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 5 }}>
            <AddressCard />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <OfficeMap />
          </Grid>
        </Grid>
      </PageWidth>
    </>
  );
}
