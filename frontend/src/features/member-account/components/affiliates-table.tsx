import type { Affiliates } from '@ledgerstone/contracts';
import Chip from '@mui/material/Chip';
import { useMemo } from 'react';

import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { useAffiliates } from '../api/get-affiliates.js';
import { formatDate } from '../format.js';

type Affiliate = Affiliates['data'][number] & { parent: string };

const clientStatus = (affiliate: Affiliate) => (affiliate.isVerified ? 'Active' : 'Not Active');

const columns: DataTableColumn<Affiliate>[] = [
  {
    id: 'name',
    header: 'Client Name',
    accessorFn: (affiliate) => [affiliate.first_name, affiliate.last_initial].filter(Boolean).join(' '),
  },
  { id: 'ref_code', header: 'Ref Code', accessorFn: (affiliate) => affiliate.referral_code },
  { id: 'parent', header: 'Parent', accessorFn: (affiliate) => affiliate.parent },
  {
    id: 'status',
    header: 'Client Status',
    accessorFn: clientStatus,
    cell: ({ row }) => (
      <Chip
        size="small"
        variant="outlined"
        color={row.original.isVerified ? 'success' : 'default'}
        label={clientStatus(row.original)}
      />
    ),
  },
  { id: 'registered', header: 'Date Registered', accessorFn: (affiliate) => formatDate(affiliate.createdAt) },
];

/** The people who signed up with the member's link; the member (`parentName`) is their parent. */
export function AffiliatesTable({ parentName }: { parentName: string }) {
  const affiliates = useAffiliates();
  const rows = useMemo(
    () => affiliates.data?.data.map((affiliate) => ({ ...affiliate, parent: parentName })),
    [affiliates.data, parentName],
  );
  return (
    <DataTable
      label="Referrals"
      columns={columns}
      rows={rows}
      isLoading={affiliates.isPending}
      isError={affiliates.isError}
      emptyMessage="No referrals yet"
    />
  );
}
