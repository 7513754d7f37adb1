import { screen, within } from '@testing-library/react';

/** The text of each body cell of the table named `tableName`, row by row (the header row left out). */
export function cellsOf(tableName: string): (string | null)[][] {
  return within(screen.getByRole('table', { name: tableName }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}
