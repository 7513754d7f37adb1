import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StatementLine } from '@ledgerstone/contracts';

import { CopyButton } from '../../../components/ui/copy-button.js';
import { HashText } from '../../../components/ui/hash-text.js';
import { eventLabel } from '../../../lib/account-events.js';
import { formatDateTime } from '../../../lib/date-time.js';

type StatementFingerprintProps = {
  headHash: string | null;
  /** The event the head hash belongs to: the last one of the statement. */
  lastLine: StatementLine | undefined;
};

/** The head hash of the statement: what a later statement can be checked against. */
export function StatementFingerprint({ headHash, lastLine }: StatementFingerprintProps) {
  return (
    <Paper
      component="section"
      aria-labelledby="statement-fingerprint-heading"
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 4 }}
    >
      <Typography id="statement-fingerprint-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Fingerprint
      </Typography>
      {headHash ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <HashText value={headHash} sx={{ fontSize: 14, flexGrow: 1 }} />
            <CopyButton
              text={headHash}
              copiedMessage="Fingerprint copied"
              failedMessage="Could not copy the fingerprint: select it and copy it by hand."
              size="small"
              aria-label="Copy fingerprint"
              sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
            />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
            This is the fingerprint of your account history up to this point
            {lastLine &&
              ` (its last event: ${eventLabel(lastLine.type, lastLine.bucket)}, ${formatDateTime(lastLine.recorded_at)})`}
            . Each event&apos;s fingerprint is worked out from the event itself and the fingerprint of the
            event before it. So if a later statement still shows that last event with this same fingerprint,
            nothing up to here has changed since. Keep a copy to check against later.
          </Typography>
        </>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          There is no fingerprint yet: your account has no events up to this point.
        </Typography>
      )}
    </Paper>
  );
}
