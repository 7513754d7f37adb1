import { formatUsd, verifyMemberProof, type LiabilityProofResult } from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { formatMoment } from '../../../lib/date-time.js';
import { serverMessage } from '../../../lib/toasts.js';
import { useLiabilityProof } from '../api/get-liability-proof.js';

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/**
 * The member's leaf in the latest proof of liabilities and the path to the published root; Verify recomputes
 * the root here, in the browser, with the algorithm the README documents.
 */
export function LiabilityProof() {
  const proof = useLiabilityProof();
  const [result, setResult] = useState<LiabilityProofResult | null>(null);

  if (proof.isError) {
    return <Alert severity="error">{serverMessage(proof.error, 'Your proof could not be loaded.')}</Alert>;
  }
  if (!proof.data) return <Typography>Loading...</Typography>;
  const found = proof.data.proof;
  if (!found) {
    return (
      <Typography>
        No closed period counts your account yet: your proof appears after the next close.
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Typography>
        At the close of {found.period} (balances just before {formatMoment(found.to)}), your balance of{' '}
        {formatUsd(found.leaf.balance)} is one leaf of the tree whose total, {formatUsd(found.total)}, is
        published on the Proof of liabilities page with its root.
      </Typography>
      <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 1, ...mono } }}>
        <dt>Account id</dt>
        <dd>{found.leaf.account_id}</dd>
        <dt>Salt (yours alone)</dt>
        <dd>{found.leaf.salt}</dd>
        <dt>Leaf hash</dt>
        <dd>{found.leaf.hash}</dd>
        <dt>Published root</dt>
        <dd>{found.root}</dd>
      </Box>
      <Typography variant="subtitle2" component="h3">
        Path to the root ({found.path.length} {found.path.length === 1 ? 'step' : 'steps'})
      </Typography>
      <Box component="ol" aria-label="Path to the root" sx={{ m: 0, pl: 3 }}>
        {found.path.map((step, index) => (
          <li key={index}>
            <Typography variant="body2" sx={mono}>
              {step.side} sibling {step.hash}, sum {formatUsd(step.sum)}
            </Typography>
          </li>
        ))}
      </Box>
      <Box>
        <Button variant="outlined" onClick={() => setResult(verifyMemberProof(found))}>
          Verify
        </Button>
      </Box>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role="status">
          {result.ok
            ? `Verified: your balance is counted in the ${formatUsd(found.total)} published for ${found.period}.`
            : `Does not verify: ${result.reason}.`}
        </Alert>
      )}
    </Stack>
  );
}
