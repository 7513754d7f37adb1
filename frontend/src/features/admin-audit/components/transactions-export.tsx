import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';

import { transactionsCsvHref } from '../api/csv-downloads.js';
import { lastThirtyDays } from './format.js';
import { Panel } from './panel.js';

/** Why the range cannot be downloaded, or null when it can. */
function rangeProblem(from: string, to: string): string | null {
  if (from === '' || to === '') return 'Choose both days.';
  if (to < from) return 'To must not be before From.';
  return null;
}

/** Every account event recorded on the chosen UTC days, as a CSV the browser downloads. */
export function TransactionsExport() {
  const helperId = useId();
  const [range, setRange] = useState(() => lastThirtyDays(new Date()));
  const problem = rangeProblem(range.from, range.to);

  const dayField = (label: string, field: 'from' | 'to') => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={range[field]}
      onChange={(event) => setRange((current) => ({ ...current, [field]: event.target.value }))}
      error={field === 'to' && problem !== null && range.to !== ''}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ minWidth: 180 }}
    />
  );

  return (
    <Panel
      title="Export transactions"
      description="Every account event recorded from the first day to the last, both included (UTC days)."
    >
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {dayField('From', 'from')}
        {dayField('To', 'to')}
        {/* Without an href the link cannot be followed at all, not just greyed out. */}
        <Button
          component="a"
          href={problem ? undefined : transactionsCsvHref(range.from, range.to)}
          download={problem ? undefined : true}
          disabled={problem !== null}
          aria-describedby={problem ? helperId : undefined}
          variant="outlined"
          startIcon={<DownloadIcon />}
        >
          Download CSV
        </Button>
      </Stack>
      {problem && (
        <FormHelperText id={helperId} error>
          {problem}
        </FormHelperText>
      )}
    </Panel>
  );
}
