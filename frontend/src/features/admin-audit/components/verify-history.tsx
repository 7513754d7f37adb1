import type { HistoryVerification } from '@ledgerstone/contracts';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';

import { counted } from '../../../lib/account-events.js';
import { HashText } from '../../../components/ui/hash-text.js';
import { serverMessage } from '../../../lib/toasts.js';
import { useHistoryVerification, type VerificationScope } from '../api/verify-history.js';
import { Panel } from './panel.js';

function VerificationResult({ result, store }: { result: HistoryVerification; store: boolean }) {
  if (result.brokenAt) {
    return (
      <Alert severity="error">
        Broken link at position {result.brokenAt.position}: {result.brokenAt.reason}
        {store && (
          <Box sx={{ mt: 0.5 }}>
            Stream <HashText value={result.brokenAt.streamId} />
          </Box>
        )}
      </Alert>
    );
  }
  const found = store
    ? `${counted(result.events, 'event')} in ${counted(result.streams, 'stream')}`
    : counted(result.events, 'event');
  return (
    <Alert severity="success">
      History intact: {found}
      {result.headHash && (
        <>
          , head hash <HashText value={result.headHash} />
        </>
      )}
    </Alert>
  );
}

/**
 * Walks the hash chains on the server: one member's account stream, or the whole store. Reading only, so
 * auditors use it too.
 */
export function VerifyHistory({ scope }: { scope: VerificationScope }) {
  const [asked, setAsked] = useState(false);
  const verification = useHistoryVerification(scope, asked);
  const store = scope === 'store';

  return (
    <Panel
      title="Verify history"
      description={
        store
          ? 'Checks every event of every stream against its hash chain.'
          : "Checks every event of this member's account against its hash chain."
      }
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button
          variant="outlined"
          startIcon={<VerifiedUserIcon />}
          loading={verification.isFetching}
          onClick={() => (asked ? void verification.refetch() : setAsked(true))}
        >
          Verify history
        </Button>
        {!verification.isFetching && (
          <Box sx={{ width: '100%' }}>
            {verification.isError ? (
              <Alert severity="error">
                {serverMessage(verification.error, 'Could not verify the history')}
              </Alert>
            ) : (
              verification.data && <VerificationResult result={verification.data} store={store} />
            )}
          </Box>
        )}
      </Stack>
    </Panel>
  );
}
