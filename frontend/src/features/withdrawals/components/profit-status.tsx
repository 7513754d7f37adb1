import { formatUsd, type MemberProfitStatus } from '@ledgerstone/contracts';
import Typography from '@mui/material/Typography';

const unlockTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

function unlockNote({ profit_locked, next_unlock_at }: MemberProfitStatus): string | null {
  if (!/[1-9]/.test(profit_locked)) return null;
  if (next_unlock_at === null) return 'Locked profit unlocks at the end of its investment period.';
  return `More profit unlocks on ${unlockTime.format(new Date(next_unlock_at))} UTC.`;
}

export function ProfitStatus({ status }: { status: MemberProfitStatus }) {
  const note = unlockNote(status);
  return (
    <dl style={{ margin: 0 }}>
      <Typography component="dt" sx={{ color: 'text.secondary' }}>
        Unlocked profit
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, mb: 1 }}>
        {formatUsd(status.profit_unlocked)}
      </Typography>
      <Typography component="dt" sx={{ color: 'text.secondary' }}>
        Locked profit
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0 }}>
        {formatUsd(status.profit_locked)}
      </Typography>
      {note && (
        <Typography component="dd" variant="body2" sx={{ m: 0, mt: 1, color: 'text.secondary' }}>
          {note}
        </Typography>
      )}
    </dl>
  );
}
