import Box, { type BoxProps } from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

import { ClaimedElsewhereWarnings, type Claims } from './claimed-elsewhere.js';
import { TransactionHash } from './transaction-hash.js';

type HashAndClaimsProps = {
  hash: string | null;
  claims: Claims;
  sx?: BoxProps['sx'];
  /** More of the same deposit's evidence, inside the group (a View proof button). */
  children?: ReactNode;
};

/** A deposit's transaction hash in full, with the warnings when other deposits claim it or came with its proof. */
export function HashAndClaims({ hash, claims, sx, children }: HashAndClaimsProps) {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} sx={sx}>
      <Typography id={labelId} variant="subtitle2">
        Transaction hash
      </Typography>
      <TransactionHash hash={hash} />
      <ClaimedElsewhereWarnings claims={claims} />
      {children}
    </Box>
  );
}
