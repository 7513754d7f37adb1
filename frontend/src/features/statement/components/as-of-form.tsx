import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';

import { DateTimeField } from '../../../components/form/date-time-field.js';
import { fromLocalInputValueEndOfMinute, toLocalInputValue } from '../../../lib/date-time.js';

type AsOfFormProps = {
  /** The applied moment (ISO UTC), or undefined for now. */
  asOf: string | undefined;
  onApply: (asOf: string) => void;
  onNow: () => void;
};

/** "Balance as of": a local date and time, applied as an ISO UTC moment; "Now" goes back to the present. */
export function AsOfForm({ asOf, onApply, onNow }: AsOfFormProps) {
  const [draft, setDraft] = useState(() => (asOf ? toLocalInputValue(asOf) : ''));
  const [error, setError] = useState<string>();
  const [shownFor, setShownFor] = useState(asOf);
  // The applied moment can change from outside (Back, a shared link): the field follows it.
  if (shownFor !== asOf) {
    setShownFor(asOf);
    setDraft(asOf ? toLocalInputValue(asOf) : '');
    setError(undefined);
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const moment = fromLocalInputValueEndOfMinute(draft);
    if (!moment) {
      setError('Choose a date and time');
      return;
    }
    setError(undefined);
    onApply(moment);
  };

  const now = () => {
    setDraft('');
    setError(undefined);
    onNow();
  };

  return (
    <Stack
      component="form"
      aria-label="Statement date"
      noValidate
      onSubmit={apply}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'flex-start' }, mb: 3 }}
    >
      <DateTimeField
        label="Balance as of"
        value={draft}
        onChange={setDraft}
        error={error}
        hint="Your local time. Leave empty for now."
        sx={{ minWidth: { sm: 260 } }}
      />
      <Stack direction="row" spacing={1.5} sx={{ pt: { sm: 0.25 } }}>
        <Button type="submit" variant="contained">
          Apply
        </Button>
        <Button type="button" variant="outlined" onClick={now}>
          Now
        </Button>
      </Stack>
    </Stack>
  );
}
