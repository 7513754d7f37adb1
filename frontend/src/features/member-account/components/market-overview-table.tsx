import Box from '@mui/material/Box';
import type { MarketPrices } from '@ledgerstone/contracts';

import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { formatChange, formatPrice, isFalling } from '../format.js';

type Quote = MarketPrices['data'][number];

const columns: DataTableColumn<Quote>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (quote) => `${quote.name} ${quote.symbol}`,
    cell: ({ row }) => (
      <>
        {row.original.name}{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {row.original.symbol}
        </Box>
      </>
    ),
  },
  { id: 'price', header: 'Price', accessorFn: (quote) => formatPrice(quote.price) },
  {
    id: 'change',
    header: '24 h change',
    accessorFn: (quote) => formatChange(quote.change24h),
    cell: ({ row }) => (
      <Box
        component="span"
        sx={{ color: isFalling(row.original.change24h) ? 'error.light' : 'success.main', fontWeight: 600 }}
      >
        {formatChange(row.original.change24h)}
      </Box>
    ),
  },
];

type MarketOverviewTableProps = { prices: MarketPrices | undefined; isLoading: boolean; isError: boolean };

export function MarketOverviewTable({ prices, isLoading, isError }: MarketOverviewTableProps) {
  return (
    <DataTable
      label="Market overview"
      columns={columns}
      rows={prices?.data}
      isLoading={isLoading}
      isError={isError}
      getRowId={(quote) => quote.symbol}
      emptyMessage="No prices available"
    />
  );
}
