import {
  formatUsd,
  timelineEventTypeNames,
  timelineQuery,
  type AdminAccountActivity,
  type TimelineEventTypeName,
  type TimelineQuery,
} from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { DateTimeField } from '../../../components/form/date-time-field.js';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { HashText } from '../../../components/ui/hash-text.js';
import {
  actorLabel,
  eventLabel,
  isSecurityEvent,
  timelineEventTypeLabels,
} from '../../../lib/account-events.js';
import { ApiError } from '../../../lib/api-client.js';
import { fromLocalInputValue, fromLocalInputValueEndOfMinute } from '../../../lib/date-time.js';
import { serverMessage } from '../../../lib/toasts.js';
import { formatDateTime } from './format.js';
import { InlineForm } from './inline-form.js';
import { Panel } from './panel.js';

export type TimelineRecord = AdminAccountActivity['data'][number];
type FilterField = keyof TimelineQuery;

const columns: DataTableColumn<TimelineRecord>[] = [
  {
    id: 'recorded',
    header: 'Recorded',
    accessorFn: (record) => formatDateTime(record.occurredAt),
    cell: ({ getValue }) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {getValue<string>()}
      </Box>
    ),
  },
  { id: 'type', header: 'Type', accessorFn: (record) => eventLabel(record.type, record.bucket) },
  {
    id: 'amount',
    header: 'Amount',
    accessorFn: (record) => (isSecurityEvent(record.type) ? '—' : formatUsd(record.amount)),
  },
  { id: 'actor', header: 'Actor', accessorFn: (record) => actorLabel(record.actor) },
  { id: 'reason', header: 'Reason', accessorFn: (record) => record.reason ?? '—' },
  {
    id: 'requestId',
    header: 'Request id',
    cell: ({ row }) =>
      row.original.requestId ? (
        <HashText value={row.original.requestId} sx={{ whiteSpace: 'nowrap' }} />
      ) : (
        '—'
      ),
  },
  { id: 'position', header: 'Position', accessorFn: (record) => String(record.streamPosition) },
];

type MemberTimelineProps = {
  /** The page of the member's events under the filters applied, as the server answered, and their total. */
  activity: UseQueryResult<AdminAccountActivity>;
  onFiltersChange: (filters: TimelineQuery) => void;
  pageSize: number;
  pageIndex: number;
  onPageChange: (pageIndex: number) => void;
};

/**
 * Every event of a member's account and every security change of their sign-in, newest first, filtered by type
 * and recorded time. Positions are each event's in its own stream (the account's or the identity's).
 */
export function MemberTimeline({
  activity,
  onFiltersChange,
  pageSize,
  pageIndex,
  onPageChange,
}: MemberTimelineProps) {
  const [type, setType] = useState<TimelineEventTypeName | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [formErrors, setFormErrors] = useState<Partial<Record<FilterField, string>>>({});

  const serverErrors = activity.error instanceof ApiError ? activity.error.fieldErrors : {};
  const fieldError = (field: FilterField) => formErrors[field] ?? serverErrors[field];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = timelineQuery.safeParse({
      type: type || undefined,
      from: fromLocalInputValue(from),
      // Both ends included, to the minute the fields show.
      to: fromLocalInputValueEndOfMinute(to),
    });
    if (!parsed.success) {
      const errors: Partial<Record<FilterField, string>> = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as FilterField] ??= issue.message;
      setFormErrors(errors);
      return;
    }
    setFormErrors({});
    onFiltersChange(parsed.data);
  };

  const clear = () => {
    setType('');
    setFrom('');
    setTo('');
    setFormErrors({});
    onFiltersChange({});
  };

  const dateTimeField = (label: string, field: 'from' | 'to', value: string, set: (v: string) => void) => (
    <DateTimeField
      label={label}
      value={value}
      onChange={set}
      error={fieldError(field)}
      hint="Your local time"
      sx={{ minWidth: 220 }}
    />
  );

  return (
    <Panel title="Timeline">
      <InlineForm label="Timeline filters" onSubmit={apply}>
        <TextField
          select
          size="small"
          label="Type"
          value={type}
          onChange={(event) => setType(event.target.value as TimelineEventTypeName | '')}
          error={fieldError('type') !== undefined}
          helperText={fieldError('type')}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">All</MenuItem>
          {timelineEventTypeNames.map((name) => (
            <MenuItem key={name} value={name}>
              {timelineEventTypeLabels[name]}
            </MenuItem>
          ))}
        </TextField>
        {dateTimeField('From', 'from', from, setFrom)}
        {dateTimeField('To', 'to', to, setTo)}
        <Stack direction="row" spacing={1} sx={{ pt: 0.25 }}>
          <Button type="submit" variant="contained">
            Apply
          </Button>
          <Button type="button" variant="outlined" onClick={clear}>
            Clear
          </Button>
        </Stack>
      </InlineForm>
      {activity.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverMessage(activity.error, 'Could not load the timeline')}
        </Alert>
      )}
      <DataTable
        label="Account timeline"
        columns={columns}
        rows={activity.data?.data}
        isLoading={activity.isPending}
        isError={activity.isError}
        pageSize={pageSize}
        searchable={false}
        getRowId={(record) => record.id}
        emptyMessage="No events match these filters"
        serverPaging={{
          pageIndex,
          pageCount: Math.ceil((activity.data?.total ?? 0) / pageSize),
          onPageChange,
        }}
      />
    </Panel>
  );
}
