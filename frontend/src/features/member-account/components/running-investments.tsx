import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { darken, type SxProps, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { RunningInvestments as RunningInvestmentList } from '@ledgerstone/contracts';
// The money format alone: the contracts' index would bring zod into the dashboard's first load.
import { formatUsd } from '@ledgerstone/contracts/money-format';

import { FETCH_ERROR_TEXT } from '../../../components/ui/status-text.js';
import type { RunningInvestment } from '../api/get-running-investments.js';
import { formatDate } from '../format.js';

const DAY_MS = 86_400_000;

const track = (theme: Theme) => darken(theme.palette.primary.main, 0.5);

/**
 * The browser's own progress bar, drawn as MUI's determinate LinearProgress is (its track the primary colour
 * darkened by half, its bar the primary colour): the same bar without LinearProgress's animations and
 * variants, about 1.5 KB of gzip script on the dashboard's first visit.
 */
const termProgressStyle: SxProps<Theme> = {
  flexGrow: 1,
  minWidth: 0,
  height: 8,
  border: 0,
  borderRadius: 4,
  overflow: 'hidden',
  appearance: 'none',
  bgcolor: track,
  '&::-webkit-progress-bar': { bgcolor: track },
  '&::-webkit-progress-value': { bgcolor: 'primary.main' },
  '&::-moz-progress-bar': { bgcolor: 'primary.main' },
};

/**
 * Days of the term accrued so far: the first term day is the day after the start, so the day accrued
 * through, counted from the start day, is the number of days the profit figure covers.
 */
export function elapsedDays({ startedAt, accrued_through, term_days }: RunningInvestment): number {
  if (!accrued_through) return 0;
  const startDay = Date.parse(`${startedAt.slice(0, 10)}T00:00:00.000Z`);
  const days = Math.round((Date.parse(`${accrued_through}T00:00:00.000Z`) - startDay) / DAY_MS);
  return Math.min(Math.max(days, 0), term_days);
}

/** The plan's stated return on the principal in cents, rounded half up once, as the ledger computes it. */
export function statedReturn({ principal, percentage }: RunningInvestment): bigint {
  const [whole = '0', fraction = ''] = percentage.split('.');
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  const cents = BigInt(principal.replace('.', ''));
  return (cents * hundredths + 5_000n) / 10_000n;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function InvestmentItem({ investment, divider }: { investment: RunningInvestment; divider: boolean }) {
  const days = elapsedDays(investment);
  const progressName = `${investment.plan_name}: ${days} of ${investment.term_days} days`;
  return (
    <Box component="li" sx={{ px: 2, py: 2, borderBottom: divider ? 1 : 0, borderColor: 'divider' }}>
      <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {investment.plan_name}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
          gap: 1.5,
          m: 0,
          mb: 1.5,
        }}
      >
        <Figure label="Principal" value={formatUsd(investment.principal)} />
        <Figure
          label="Stated return"
          value={`${formatUsd(statedReturn(investment))} (${investment.percentage}% over ${investment.term_days} days)`}
        />
        <Figure label="Started" value={formatDate(investment.startedAt)} />
        <Figure label="Matures" value={formatDate(investment.maturesAt)} />
        <Figure label="Profit so far" value={formatUsd(investment.accrued)} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box
          component="progress"
          value={days}
          max={investment.term_days}
          aria-label={progressName}
          sx={termProgressStyle}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }} aria-hidden="true">
          {days} of {investment.term_days} days
        </Typography>
      </Box>
    </Box>
  );
}

type RunningInvestmentsProps = {
  investments: RunningInvestmentList | undefined;
  isLoading: boolean;
  isError: boolean;
};

/** The member's running investments, the first to mature first, each with its way to maturity. */
export function RunningInvestments({ investments, isLoading, isError }: RunningInvestmentsProps) {
  const running = investments?.data ?? [];
  return (
    <Box component="section" aria-labelledby="running-investments-heading" sx={{ mb: 4 }}>
      <Typography id="running-investments-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Running investments
      </Typography>
      <Paper variant="outlined">
        {isLoading && <Typography sx={{ p: 2 }}>Loading...</Typography>}
        {isError && (
          <Typography role="alert" sx={{ p: 2 }}>
            {FETCH_ERROR_TEXT}
          </Typography>
        )}
        {investments && running.length === 0 && (
          <Typography sx={{ p: 2, color: 'text.secondary' }}>
            No running investments. An investment starts when a deposit is confirmed.
          </Typography>
        )}
        {running.length > 0 && (
          <Box component="ul" aria-label="Running investments" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {running.map((investment, index) => (
              <InvestmentItem
                key={investment.id}
                investment={investment}
                divider={index < running.length - 1}
              />
            ))}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
