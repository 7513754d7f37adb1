import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { AppProvider } from '../../app/provider.js';
import { DataTable, type DataTableColumn } from './data-table.js';

type Fruit = { name: string };

const columns: DataTableColumn<Fruit>[] = [{ id: 'name', header: 'Name', accessorFn: (row) => row.name }];

// "apple 01" .. "apple 12" then "pear 01" .. "pear 03": 15 rows, two pages of 10.
const fruits: Fruit[] = [
  ...Array.from({ length: 12 }, (_, i) => ({ name: `apple ${String(i + 1).padStart(2, '0')}` })),
  ...Array.from({ length: 3 }, (_, i) => ({ name: `pear ${String(i + 1).padStart(2, '0')}` })),
];

type Props = Partial<Parameters<typeof DataTable<Fruit>>[0]>;

function renderTable(props: Props = {}) {
  return render(
    <AppProvider>
      <DataTable<Fruit>
        label="Fruit"
        columns={columns}
        rows={fruits}
        isLoading={false}
        isError={false}
        {...props}
      />
    </AppProvider>,
  );
}

const shownNames = () =>
  within(screen.getByRole('table', { name: 'Fruit' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('DataTable', () => {
  it('pages with Previous / Next and says "Showing X of Y"', async () => {
    const user = userEvent.setup();
    renderTable();

    expect(shownNames()).toHaveLength(10);
    expect(shownNames()[0]).toBe('apple 01');
    expect(screen.getByText('Showing 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(shownNames()).toEqual(['apple 11', 'apple 12', 'pear 01', 'pear 02', 'pear 03']);
    expect(screen.getByText('Showing 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(shownNames()[0]).toBe('apple 01');
  });

  it('takes its page size', () => {
    renderTable({ pageSize: 5 });
    expect(shownNames()).toHaveLength(5);
    expect(screen.getByText('Showing 1 of 3')).toBeInTheDocument();
  });

  it('has a search box unless it is not searchable', () => {
    const { unmount } = renderTable();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    unmount();
    renderTable({ searchable: false });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(shownNames()).toHaveLength(10);
  });

  it('searching filters the rows and goes back to page 1', async () => {
    const user = userEvent.setup();
    renderTable({ pageSize: 5 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 3 of 3')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'apple');
    expect(screen.getByText('Showing 1 of 3')).toBeInTheDocument();
    expect(shownNames()).toEqual(['apple 01', 'apple 02', 'apple 03', 'apple 04', 'apple 05']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'pear');
    expect(shownNames()).toEqual(['pear 01', 'pear 02', 'pear 03']);
    expect(screen.getByText('Showing 1 of 1')).toBeInTheDocument();
  });

  it('shows the empty message, by default "No data available"', async () => {
    const user = userEvent.setup();
    const { unmount } = renderTable({ rows: [] });
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1')).toBeInTheDocument();
    unmount();

    renderTable({ emptyMessage: 'No fruit here' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'banana');
    expect(screen.getByText('No fruit here')).toBeInTheDocument();
  });

  it('says "Loading..." while loading and the fetch error on failure', () => {
    const { unmount } = renderTable({ rows: undefined, isLoading: true });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('No data available')).not.toBeInTheDocument();
    unmount();

    renderTable({ rows: undefined, isError: true });
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while fetching the data.');
  });

  it('calls onRowClick with the row clicked', async () => {
    const user = userEvent.setup();
    const clicked: string[] = [];
    renderTable({ onRowClick: (row) => clicked.push(row.name) });
    await user.click(screen.getByText('apple 03'));
    expect(clicked).toEqual(['apple 03']);
  });

  it('with server paging, asks for pages and sends a search back to page 1', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    renderTable({
      rows: fruits.slice(0, 10),
      serverPaging: {
        pageIndex: 1,
        pageCount: 4,
        onPageChange: (index) => asked.push(`page ${index}`),
        search: '',
        onSearchChange: (search) => asked.push(`search ${search}`),
      },
    });
    expect(screen.getByText('Showing 2 of 4')).toBeInTheDocument();
    expect(shownNames()).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'p');
    expect(asked).toEqual(['page 2', 'page 0', 'search p', 'page 0']);
  });

  it('shows the values of new columns for the same rows', () => {
    const rows = [{ name: 'apple 01' }];
    const { rerender } = renderTable({ rows });
    const shout: DataTableColumn<Fruit>[] = [
      { id: 'name', header: 'Name', accessorFn: (row) => row.name.toUpperCase() },
    ];
    rerender(
      <AppProvider>
        <DataTable<Fruit> label="Fruit" columns={shout} rows={rows} isLoading={false} isError={false} />
      </AppProvider>,
    );
    expect(shownNames()).toEqual(['APPLE 01']);
  });
});
