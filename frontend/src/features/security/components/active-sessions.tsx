import { twoFactorMessages, type ActiveSession, type SecurityOverview } from '@ledgerstone/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import type { SecurityAudience } from '../../../api/security.js';
import { formatDateTime } from '../../../lib/date-time.js';
import { useToasts } from '../../../lib/toasts.js';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions.js';
import { useSignOutSession } from '../api/sign-out-session.js';
import { SecuritySection } from './security-section.js';

function Detail({ term, children }: { term: string; children: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

type ActiveSessionsProps = { audience: SecurityAudience; overview: SecurityOverview };

/** Where the person is signed in: sign out one, or all but this one. */
export function ActiveSessions({ audience, overview }: ActiveSessionsProps) {
  const signOut = useSignOutSession(audience);
  const signOutOthers = useSignOutOtherSessions(audience);
  const toasts = useToasts();
  // This device first, then the most recently active.
  const sessions = [...overview.sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt),
  );
  const others = sessions.filter((session) => !session.current).length;

  const end = (session: ActiveSession) =>
    signOut.mutate(session.id, {
      onSuccess: ({ message }) => toasts.success(message),
      onError: (error) => toasts.failure(error),
    });

  return (
    <SecuritySection
      title={twoFactorMessages.activeSessions}
      description="The browsers and devices signed in to your account. Sign out any you do not recognise, then change your password."
    >
      <Stack
        component="ul"
        aria-label={twoFactorMessages.activeSessions}
        spacing={1.5}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {sessions.map((session) => (
          <Stack
            component="li"
            key={session.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              p: 2,
              justifyContent: 'space-between',
              alignItems: { sm: 'center' },
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{session.device}</Typography>
                {session.current && (
                  <Chip
                    size="small"
                    color="primary"
                    variant="outlined"
                    label={twoFactorMessages.thisDevice}
                  />
                )}
              </Stack>
              <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.25 }}>
                <Detail term="Address">{session.ip}</Detail>
                <Detail term="Signed in">{formatDateTime(session.signedInAt)}</Detail>
                <Detail term="Last active">{formatDateTime(session.lastActiveAt)}</Detail>
              </Box>
            </Box>
            {!session.current && (
              <Button
                size="small"
                variant="outlined"
                aria-label={`${twoFactorMessages.signOut} ${session.device}, ${session.ip}`}
                onClick={() => end(session)}
                disabled={signOut.isPending && signOut.variables === session.id}
                sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
              >
                {twoFactorMessages.signOut}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
      <Button
        variant="outlined"
        color="error"
        onClick={() =>
          signOutOthers.mutate(undefined, {
            onSuccess: ({ message }) => toasts.success(message),
            onError: (error) => toasts.failure(error),
          })
        }
        disabled={others === 0 || signOutOthers.isPending}
        sx={{ justifySelf: 'start' }}
      >
        {twoFactorMessages.signOutEverywhereElse}
      </Button>
    </SecuritySection>
  );
}
