import type { PublishedLiabilities } from '@ledgerstone/contracts';
import { formatUsd } from '@ledgerstone/contracts/money-format';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { PageHeader } from '../../../components/layout/page-header.js';
import { PageWidth } from '../../../components/layout/page-width.js';
import { RouterLink } from '../../../components/ui/router-link.js';
import { paths } from '../../../config/paths.js';
import { formatMoment } from '../../../lib/date-time.js';
import { usePublishedLiabilities } from '../api/get-published-liabilities.js';

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;
const link = { color: 'primary.light' } as const;

function Publication({ publication }: { publication: PublishedLiabilities }) {
  const title = `Close of ${publication.period}`;
  return (
    <Box
      component="li"
      aria-label={title}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 2, sm: 3 }, mb: 2 }}
    >
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 1.5,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' },
          columnGap: 2,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, mb: { xs: 1.5, sm: 1 } },
        }}
      >
        <dt>Balances as they stood</dt>
        <dd>just before {formatMoment(publication.to)}</dd>
        <dt>Published</dt>
        <dd>{formatMoment(publication.published_at)}</dd>
        <dt>Total owed to members</dt>
        <dd>
          <strong>{formatUsd(publication.total)}</strong>
        </dd>
        <dt>Leaves</dt>
        <dd>
          {publication.leaves} ({publication.members} {publication.members === 1 ? 'member' : 'members'})
        </dd>
        <dt>Root hash</dt>
        <Box component="dd" sx={mono}>
          {publication.root}
        </Box>
      </Box>
    </Box>
  );
}

function Publications() {
  const state = usePublishedLiabilities();
  if (state.status === 'loading') return <Typography role="status">Loading the published totals…</Typography>;
  if (state.status === 'failed') {
    return (
      <Typography role="alert" sx={{ color: 'error.light' }}>
        The published totals could not be loaded. Please try again later.
      </Typography>
    );
  }
  if (state.publications.length === 0) return <Typography>No period has been closed yet.</Typography>;
  return (
    <Box component="ol" aria-label="Published closes" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {state.publications.map((publication) => (
        <Publication key={publication.period} publication={publication} />
      ))}
    </Box>
  );
}

const steps = [
  'At each close of a day or a month, every member’s balance is split into four random parts in whole cents, none below zero, that add up to it. A member owed nothing still gets four leaves of zero.',
  'Each part becomes a leaf: the SHA-256 hash of a random salt (its own for every leaf), the member’s account id and the part. Only the member is ever shown their salts, account id and parts.',
  'The leaves are ordered by their hash, which mixes every member’s parts among everybody else’s. Pairs of neighbours are then joined into a node whose sum is the two sums added and whose hash covers both hashes and both sums; a node left without a partner moves up as it is. Joining level after level leaves one node: the root. Its sum is the total owed to members.',
  'We publish the root’s hash and sum below. The sum equals what our books owe members at that close.',
];

const checks = [
  'Sign in and open your Statement. Its “Proof of liabilities” section shows your balance at the latest close, your leaves (salt, part and hash) and, for each leaf, the path up to the root: on each level, the neighbour’s hash and sum and on which side it stands.',
  'Press Verify. Your browser recomputes each leaf from your salt, account id and part, joins it with each neighbour on its path, and checks that it arrives at the root hash and total published here, that no sum on the way is below zero, and that your parts add up to your balance.',
  'If every path arrives at the published root, your balance is counted in the published total: the root could not be made without it. A neighbour’s sum is only a random part of somebody’s balance, and its hash names nobody.',
];

/** The published roots and totals of every close, and how anyone checks their own inclusion. */
export function ProofOfLiabilitiesPage() {
  return (
    <>
      <PageHeader
        title="Proof of liabilities"
        summary="At each close of our books we publish what we owe our members in total, fixed by a hash that every member can check their own balance against, without anyone learning anybody else’s balance."
      />
      <PageWidth sx={{ py: { xs: 6, md: 8 } }}>
        <Box sx={{ maxWidth: 860 }}>
          <Typography sx={{ color: 'text.secondary', mb: 4 }}>
            Members: check that your balance is counted on your{' '}
            <Box component={RouterLink} href={paths.dashboard.statement.path} sx={link}>
              Statement
            </Box>
            . Anyone can follow{' '}
            <Box component="a" href="#how-it-works" sx={link}>
              how the tree is built and checked
            </Box>{' '}
            and write their own check.
          </Typography>
          <Typography variant="h4" component="h2" sx={{ mb: 2.5 }}>
            Published closes
          </Typography>
          <Publications />

          <Typography id="how-it-works" variant="h4" component="h2" sx={{ mt: 6, mb: 2.5 }}>
            How it works
          </Typography>
          <Box component="ol" sx={{ color: 'text.secondary', pl: 3, m: 0 }}>
            {steps.map((step) => (
              <Typography component="li" key={step} sx={{ mb: 1.5 }}>
                {step}
              </Typography>
            ))}
          </Box>
          <Typography variant="h5" component="h3" sx={{ mt: 4, mb: 1.5 }}>
            Checking that you are counted
          </Typography>
          <Box component="ol" sx={{ color: 'text.secondary', pl: 3, m: 0 }}>
            {checks.map((check) => (
              <Typography component="li" key={check} sx={{ mb: 1.5 }}>
                {check}
              </Typography>
            ))}
          </Box>
          <Typography variant="h5" component="h3" sx={{ mt: 4, mb: 1.5 }}>
            The exact encoding, for your own script
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>
            Every hash is SHA-256 over UTF-8 text, written as 64 lower-case hex digits. Amounts are whole
            cents written as plain integers (150000 is $1,500.00).
          </Typography>
          <Box
            component="pre"
            sx={{ ...mono, whiteSpace: 'pre-wrap', bgcolor: 'rgba(255,255,255,0.05)', p: 2, borderRadius: 1 }}
          >
            {[
              'leaf = SHA-256("ledgerstone-pol-leaf:" + salt + ":" + accountId + ":" + partCents)',
              'node = SHA-256("ledgerstone-pol-node:" + left.hash + ":" + left.sum + ":" + right.hash + ":" + right.sum)',
              '       with sum = left.sum + right.sum',
              'no members: root = SHA-256("ledgerstone-pol-empty"), sum 0',
            ].join('\n')}
          </Box>
          <Typography variant="h5" component="h3" sx={{ mt: 4, mb: 1.5 }}>
            What it does not show
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            This shows what we owe, and that every member who checks is counted in it. It does not by itself
            show the assets that cover it. Capital is at risk: investments can go down as well as up.
          </Typography>
        </Box>
      </PageWidth>
    </>
  );
}
