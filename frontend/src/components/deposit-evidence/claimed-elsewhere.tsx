import type { AdminTransaction } from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';

/** "1 other deposit", "2 other deposits". */
function otherDeposits(count: number): string {
  return `${count} other deposit${count === 1 ? '' : 's'}`;
}

export type Claims = Pick<AdminTransaction, 'other_deposits_with_hash' | 'other_deposits_with_proof'>;

/**
 * For whoever confirms deposits: the member's transaction hash, or the very same proof file, also came with other
 * deposits, pending or confirmed, so one payment may be claimed twice. Nothing for withdrawals or a deposit no
 * other shares either with.
 */
export function ClaimedElsewhereChips({ transaction }: { transaction: AdminTransaction }) {
  if (transaction.type !== 'deposit') return null;
  const { other_deposits_with_hash: byHash, other_deposits_with_proof: byProof } = transaction;
  return (
    <>
      {!!byHash && (
        <Tooltip title="The same transaction hash is given on other deposits: check which one the payment belongs to before confirming">
          <Chip size="small" variant="outlined" color="error" label={`Hash on ${otherDeposits(byHash)}`} />
        </Tooltip>
      )}
      {!!byProof && (
        <Tooltip title="The very same proof file came with other deposits: check which one the payment belongs to before confirming">
          <Chip
            size="small"
            variant="outlined"
            color="error"
            label={`Same proof as ${otherDeposits(byProof)}`}
          />
        </Tooltip>
      )}
    </>
  );
}

/** The same, said in full in the deposit's proof dialog. */
export function ClaimedElsewhereWarnings({ claims }: { claims: Claims }) {
  const { other_deposits_with_hash: byHash, other_deposits_with_proof: byProof } = claims;
  if (!byHash && !byProof) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {!!byHash && (
        <Alert severity="warning">
          {otherDeposits(byHash)} {byHash === 1 ? 'gives' : 'give'} this transaction hash too. A payment
          confirmed twice is credited twice: check on the network which deposit it belongs to.
        </Alert>
      )}
      {!!byProof && (
        <Alert severity="warning">
          {otherDeposits(byProof)} came with this very same proof file. A payment confirmed twice is credited
          twice: check on the network which deposit it belongs to.
        </Alert>
      )}
    </Stack>
  );
}
