import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import { stubApi } from '../../../testing/api-stub.js';
import { renderApp } from '../../../testing/render-app.js';

const publication = (period: string, total: string, members: number) => ({
  period,
  to: '2026-11-27T00:00:00.000Z',
  published_at: '2026-11-27T08:15:00.000Z',
  members,
  leaves: members * 4,
  total,
  root: '3f'.repeat(32),
});

describe('/proof-of-liabilities', () => {
  it('lists every published close with its date, total, leaves and root, and says how members check theirs', async () => {
    const api = stubApi({
      'GET /api/proof-of-liabilities': {
        status: 200,
        body: {
          publications: [publication('2026-11-26', '1250000.00', 3), publication('2026-11', '0.00', 0)],
        },
      },
    });
    renderApp('/proof-of-liabilities');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Proof of liabilities' }),
    ).toBeInTheDocument();
    const close = await screen.findByRole('listitem', { name: 'Close of 2026-11-26' });
    expect(close).toHaveTextContent('Total owed to members$1,250,000.00');
    expect(close).toHaveTextContent('Leaves12 (3 members)');
    expect(close).toHaveTextContent(`Root hash${'3f'.repeat(32)}`);
    expect(close).toHaveTextContent(/Published.*Nov 27, 2026/);
    expect(
      within(screen.getByRole('list', { name: 'Published closes' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Statement' })).toHaveAttribute('href', '/dashboard/statement');
    expect(screen.getByRole('link', { name: 'how the tree is built and checked' })).toHaveAttribute(
      'href',
      '#how-it-works',
    );
    expect(screen.getByRole('heading', { name: 'How it works' })).toHaveAttribute('id', 'how-it-works');
    expect(screen.getByText(/ledgerstone-pol-leaf:/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Proof of liabilities' }),
    ).toHaveAttribute('href', '/proof-of-liabilities');
    expect(api.fetchStub).toHaveBeenCalledWith('/api/proof-of-liabilities', expect.anything());
  });

  it('says when nothing is published yet, and when the list cannot be loaded', async () => {
    stubApi({ 'GET /api/proof-of-liabilities': { status: 200, body: { publications: [] } } });
    const first = renderApp('/proof-of-liabilities');
    expect(await screen.findByText('No period has been closed yet.')).toBeInTheDocument();
    first.unmount();

    stubApi({ 'GET /api/proof-of-liabilities': { status: 503, body: { message: 'Unavailable' } } });
    renderApp('/proof-of-liabilities');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The published totals could not be loaded. Please try again later.',
    );
  });
});
