import { formatUsd, type AdminUserList } from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useMemo, useState } from 'react';

import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { paths } from '../../../config/paths.js';
import { formatDate } from '../../../lib/date-time.js';
import { useAdminUsers } from '../api/get-admin-users.js';

type AdminUserRow = AdminUserList['users'][number];

const PAGE_SIZE = 10;

const statusColor = { unverified: 'warning', active: 'success', closed: 'error' } as const;

function UserStatusChip({ status }: { status: AdminUserRow['status'] }) {
  const color = statusColor[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      label={status}
      sx={{ color: `${color}.light`, borderColor: `${color}.main`, textTransform: 'capitalize' }}
    />
  );
}

/**
 * `readOnly` is for auditors: the button opens the same page, which they can only read.
 */
export function UsersTable({ readOnly }: { readOnly: boolean }) {
  const [pageIndex, setPageIndex] = useState(0);
  const [search, setSearch] = useState('');
  const users = useAdminUsers({ page: pageIndex + 1, pageSize: PAGE_SIZE, search });

  const columns = useMemo<DataTableColumn<AdminUserRow>[]>(
    () => [
      {
        id: 'id',
        header: 'ID',
        cell: ({ row }) => <abbr title={row.original.id}>{row.original.id.slice(0, 8)}</abbr>,
      },
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => `${row.original.first_name} ${row.original.last_name}`,
      },
      { id: 'email', header: 'Email', cell: ({ row }) => row.original.email },
      {
        id: 'balance',
        header: 'Account Balance',
        cell: ({ row }) => formatUsd(row.original.withdrawable_balance),
      },
      {
        id: 'registered',
        header: 'Registered Date',
        cell: ({ row }) => formatDate(row.original.createdAt),
      },
      { id: 'status', header: 'Status', cell: ({ row }) => <UserStatusChip status={row.original.status} /> },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <Button
            size="small"
            variant="outlined"
            href={paths.adminDashboard.manageUser.getHref(row.original.id)}
            aria-label={`${readOnly ? 'View user' : 'Manage user'} ${row.original.first_name} ${row.original.last_name}`}
          >
            {readOnly ? 'View user' : 'Manage user'}
          </Button>
        ),
      },
    ],
    [readOnly],
  );

  return (
    <DataTable
      label="All users"
      columns={columns}
      rows={users.data?.users}
      isLoading={users.isPending}
      isError={users.isError}
      pageSize={PAGE_SIZE}
      emptyMessage="No users found"
      searchPlaceholder="Name or email"
      getRowId={(row) => row.id}
      serverPaging={{
        pageIndex,
        pageCount: Math.ceil((users.data?.total_users ?? 0) / PAGE_SIZE),
        onPageChange: setPageIndex,
        search,
        onSearchChange: setSearch,
      }}
    />
  );
}
