import { formatUsd } from '@ledgerstone/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { actorLabel, eventTypeLabel, isSecurityEvent } from '../../../lib/account-events.js';
import { formatDateTime } from '../../../lib/date-time.js';
import { ACTIVITY_PAGE_SIZE, useAccountActivity, type ActivityRecord } from '../api/get-account-activity.js';

// The buckets in the words of this screen's summary cards (Account Balance, Total Profit, Total Investment).
const BUCKETS: Record<string, string> = {
  available: 'Account Balance',
  invested: 'Total Investment',
  profit: 'Total Profit',
  profit_locked: 'Total Profit',
  profit_unlocked: 'Total Profit',
  reserved: 'Reserved',
};

const columns: DataTableColumn<ActivityRecord>[] = [
  { id: 'date', header: 'Date', accessorFn: (record) => formatDateTime(record.occurredAt) },
  {
    id: 'type',
    header: 'Type',
    accessorFn: (record) =>
      record.bucket
        ? `${eventTypeLabel(record.type)}: ${BUCKETS[record.bucket] ?? record.bucket}`
        : eventTypeLabel(record.type),
  },
  {
    id: 'amount',
    header: 'Amount',
    accessorFn: (record) => (isSecurityEvent(record.type) ? '—' : formatUsd(record.amount)),
  },
  { id: 'actor', header: 'Actor', accessorFn: (record) => actorLabel(record.actor) },
  { id: 'reason', header: 'Reason', accessorFn: (record) => record.reason ?? '—' },
];

/**
 * Every event of the account and every security change, newest first, with who did it and why: a page at a time
 * from the server (Account history filters them).
 */
export function AccountActivity({ userId }: { userId: string }) {
  const [pageIndex, setPageIndex] = useState(0);
  const activity = useAccountActivity(userId, {}, pageIndex + 1);
  return (
    <Box component="section" aria-labelledby="account-activity">
      <Typography id="account-activity" variant="h6" component="h2" sx={{ mb: 2 }}>
        Account Activity
      </Typography>
      <DataTable
        label="Account activity"
        columns={columns}
        rows={activity.data?.data}
        isLoading={activity.isPending}
        isError={activity.isError}
        pageSize={ACTIVITY_PAGE_SIZE}
        searchable={false}
        getRowId={(record) => record.id}
        emptyMessage="No activity yet"
        serverPaging={{
          pageIndex,
          pageCount: Math.ceil((activity.data?.total ?? 0) / ACTIVITY_PAGE_SIZE),
          onPageChange: setPageIndex,
        }}
      />
    </Box>
  );
}
