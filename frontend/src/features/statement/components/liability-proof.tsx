import {
  formatUsd,
  verifyMemberProof,
  type MemberLiabilityProof,
  type MemberProofResult,
} from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { paths } from '../../../config/paths.js';
import { formatMoment } from '../../../lib/date-time.js';
import { serverMessage } from '../../../lib/toasts.js';
import { useLiabilityProof } from '../api/get-liability-proof.js';

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

type Leaf = MemberLiabilityProof['leaves'][number];

function ProofLeaf({
  leaf,
  number,
  of,
  result,
}: {
  leaf: Leaf;
  number: number;
  of: number;
  result: MemberProofResult['leaves'][number] | undefined;
}) {
  const title = `Leaf ${number} of ${of}: ${formatUsd(leaf.part)}`;
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0, mt: 1, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 1, ...mono } }}>
        <dt>Salt (yours alone)</dt>
        <dd>{leaf.salt}</dd>
        <dt>Leaf hash</dt>
        <dd>{leaf.hash}</dd>
      </Box>
      <Typography variant="subtitle2" component="h4">
        Path to the root ({leaf.path.length} {leaf.path.length === 1 ? 'step' : 'steps'})
      </Typography>
      <Box component="ol" aria-label={`Path to the root from leaf ${number}`} sx={{ m: 0, pl: 3 }}>
        {leaf.path.map((step, index) => (
          <li key={index}>
            <Typography variant="body2" sx={mono}>
              {step.side} sibling {step.hash}, sum {formatUsd(step.sum)}
            </Typography>
          </li>
        ))}
      </Box>
      {result && (
        <Typography
          variant="body2"
          sx={{ mt: 1, fontWeight: 600, color: result.ok ? 'success.main' : 'error.main' }}
        >
          {result.ok ? 'Leads to the published root' : `Does not verify: ${result.reason}`}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * The member's leaves in the latest proof of liabilities (their balance in random parts) and each one's path to
 * the published root; Verify recomputes every path here, in the browser, with the algorithm the README documents.
 */
export function LiabilityProof() {
  const proof = useLiabilityProof();
  const [result, setResult] = useState<MemberProofResult | null>(null);

  if (proof.isError) {
    return <Alert severity="error">{serverMessage(proof.error, 'Your proof could not be loaded.')}</Alert>;
  }
  if (!proof.data) return <Typography>Loading...</Typography>;
  const found = proof.data.proof;
  const publishedPage = (
    <Link href={paths.proofOfLiabilities.path} underline="always">
      Proof of liabilities page
    </Link>
  );
  if (!found) {
    return (
      <Typography>
        No closed period counts your account yet: your proof appears after the next close. Published totals
        are on the {publishedPage}.
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Typography>
        At the close of {found.period} (balances just before {formatMoment(found.to)}), you were owed{' '}
        {formatUsd(found.balance)}. It is split into {found.leaves.length} random parts, each a leaf of the
        tree whose total, {formatUsd(found.total)}, is published with its root on the {publishedPage}. Nobody
        else can tell which leaves are yours.
      </Typography>
      <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 1, ...mono } }}>
        <dt>Account id</dt>
        <dd>{found.account_id}</dd>
        <dt>Published root</dt>
        <dd>{found.root}</dd>
      </Box>
      {found.leaves.map((leaf, index) => (
        <ProofLeaf
          key={leaf.hash}
          leaf={leaf}
          number={index + 1}
          of={found.leaves.length}
          result={result?.leaves[index]}
        />
      ))}
      <Box>
        <Button variant="outlined" onClick={() => setResult(verifyMemberProof(found))}>
          Verify
        </Button>
      </Box>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role="status">
          {result.ok
            ? `Verified: all ${found.leaves.length} parts lead to the published root and add up to your ${formatUsd(found.balance)}, counted in the ${formatUsd(found.total)} published for ${found.period}.`
            : `Does not verify: ${result.reason}.`}
        </Alert>
      )}
    </Stack>
  );
}
