import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';

type InlineFormProps = { label: string; onSubmit: (event: FormEvent) => void; children: ReactNode };

/** The panels' forms: fields and buttons in one row that wraps, the browser's own validation off. */
export function InlineForm({ label, onSubmit, children }: InlineFormProps) {
  return (
    <Stack
      component="form"
      aria-label={label}
      noValidate
      onSubmit={onSubmit}
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}
    >
      {children}
    </Stack>
  );
}
