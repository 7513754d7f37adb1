import { formatUsd, type CommandResponse } from '@ledgerstone/contracts';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';

import { proposalsBySubject, useApprovals } from '../../../api/approvals.js';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { formatDateTime } from '../../../lib/date-time.js';
import {
  useAdminTransactions,
  type AdminTransactionRow,
  type TransactionStatus,
  type TransactionType,
} from '../api/get-admin-transactions.js';
import { AddressAgeChip } from './address-age-chip.js';
import { ClaimedElsewhereChips } from '../../../components/deposit-evidence/claimed-elsewhere.js';
import { TransactionActions } from './transaction-actions.js';
import { TransactionHash } from '../../../components/deposit-evidence/transaction-hash.js';
import { TransactionStatusChip } from './transaction-status-chip.js';

const PAGE_SIZE = 10;

const typeLabels: Record<TransactionType, string> = { deposit: 'Deposit', withdrawal: 'Withdrawal' };
const statusLabels: Record<TransactionStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  paid: 'Paid',
  rejected: 'Rejected',
};

function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T | '';
  options: Record<T, string>;
  onChange: (value: T | '') => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as T | '')}
      sx={{ minWidth: 150 }}
    >
      <MenuItem value="">All</MenuItem>
      {(Object.entries(options) as [T, string][]).map(([option, text]) => (
        <MenuItem key={option} value={option}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function TransactionsTable({ readOnly }: { readOnly: boolean }) {
  const [pageIndex, setPageIndex] = useState(0);
  const [type, setType] = useState<TransactionType | ''>('');
  const [status, setStatus] = useState<TransactionStatus | ''>('');
  const [after, setAfter] = useState<string>();
  const transactions = useAdminTransactions({
    page: pageIndex + 1,
    pageSize: PAGE_SIZE,
    type: type || undefined,
    status: status || undefined,
    after,
  });
  // A deposit or withdrawal already proposed for confirmation or payment shows whose proposal awaits approval.
  const approvals = useApprovals({ status: 'pending' });
  const proposals = useMemo(() => proposalsBySubject(approvals.data), [approvals.data]);

  const columns = useMemo<DataTableColumn<AdminTransactionRow>[]>(
    () => [
      {
        id: 'type',
        header: 'Type',
        cell: ({ row }) => (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{typeLabels[row.original.type]}</span>
            <AddressAgeChip transaction={row.original} />
            <ClaimedElsewhereChips transaction={row.original} />
          </Stack>
        ),
      },
      { id: 'amount', header: 'Amount', cell: ({ row }) => formatUsd(row.original.amount) },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => <TransactionStatusChip status={row.original.status} />,
      },
      { id: 'date', header: 'Date', cell: ({ row }) => formatDateTime(row.original.createdAt) },
      {
        id: 'payment_method',
        header: 'Payment Method',
        // A deposit's transaction hash under its method, where it fits without widening the table.
        cell: ({ row }) => (
          <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
            <span>{row.original.payment_method}</span>
            {row.original.type === 'deposit' && (
              <TransactionHash hash={row.original.transaction_hash} shortened />
            )}
          </Stack>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <TransactionActions
            transaction={row.original}
            readOnly={readOnly}
            proposal={proposals.get(row.original.id)}
            onDecided={(response: CommandResponse) => setAfter(response.position)}
          />
        ),
      },
    ],
    [readOnly, proposals],
  );

  const total = transactions.data?.total ?? 0;
  const rows = transactions.data?.data;

  return (
    <DataTable
      label="Transactions"
      columns={columns}
      rows={rows}
      isLoading={transactions.isPending}
      isError={transactions.isError}
      pageSize={PAGE_SIZE}
      emptyMessage="No transactions found"
      searchable={false}
      getRowId={(row) => row.id}
      serverPaging={{
        pageIndex,
        pageCount: Math.ceil(total / PAGE_SIZE),
        onPageChange: setPageIndex,
      }}
      toolbar={
        <Stack direction="row" spacing={1.5}>
          <FilterSelect
            label="Type"
            value={type}
            options={typeLabels}
            onChange={(value) => {
              setType(value);
              setPageIndex(0);
            }}
          />
          <FilterSelect
            label="Status"
            value={status}
            options={statusLabels}
            onChange={(value) => {
              setStatus(value);
              setPageIndex(0);
            }}
          />
        </Stack>
      }
    />
  );
}
