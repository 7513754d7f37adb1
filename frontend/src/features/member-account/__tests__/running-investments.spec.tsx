import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';

import { stubApi } from '../../../testing/api-stub.js';
import { memberApi } from '../../../app/routes/dashboard/__tests__/member-fixtures.js';
import { renderApp, setViewportWidth } from '../../../testing/render-app.js';

const basic = {
  id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01',
  plan_name: 'BASIC',
  percentage: '50',
  term_days: 30,
  principal: '1500.00',
  accrued: '300.00',
  accrued_through: '2026-11-13',
  startedAt: '2026-11-01T12:00:00.000Z',
  maturesAt: '2026-12-01T12:00:00.000Z',
};

const gold = {
  id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e02',
  plan_name: 'GOLD',
  percentage: '400',
  term_days: 90,
  principal: '50000.00',
  accrued: '0.00',
  accrued_through: null,
  startedAt: '2026-11-20T12:00:00.000Z',
  maturesAt: '2027-02-18T12:00:00.000Z',
};

async function renderHome(investments: unknown[]) {
  setViewportWidth(1280);
  stubApi({ ...memberApi, 'GET /api/user/investments': { status: 200, body: { data: investments } } });
  renderApp('/dashboard');
  return screen.findByRole('region', { name: 'Running investments' });
}

describe('running investments on the dashboard home', () => {
  it('lists each running investment with its figures and a progress bar to maturity', async () => {
    const section = await renderHome([basic, gold]);
    const list = await within(section).findByRole('list', { name: 'Running investments' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];

    expect(within(first).getByRole('heading', { name: 'BASIC' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Principal$1,500.00');
    expect(first).toHaveTextContent('Stated return$750.00 (50% over 30 days)');
    expect(first).toHaveTextContent('StartedNov 1, 2026');
    expect(first).toHaveTextContent('MaturesDec 1, 2026');
    expect(first).toHaveTextContent('Profit so far$300.00');
    const progress = within(first).getByRole('progressbar', { name: 'BASIC: 12 of 30 days' });
    expect(progress).toHaveAttribute('value', '12');
    expect(progress).toHaveAttribute('max', '30');

    expect(second).toHaveTextContent('Principal$50,000.00');
    expect(second).toHaveTextContent('Stated return$200,000.00 (400% over 90 days)');
    expect(second).toHaveTextContent('Profit so far$0.00');
    const none = within(second).getByRole('progressbar', { name: 'GOLD: 0 of 90 days' });
    expect(none).toHaveAttribute('value', '0');
    expect(none).toHaveAttribute('max', '90');
  });

  it('has no serious or critical axe violations in the list', async () => {
    const section = await renderHome([basic, gold]);
    await within(section).findByRole('list', { name: 'Running investments' });
    // jsdom computes no layout, so contrast is left to the browser tests.
    const results = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
  }, 30_000);

  it('says so when no investment runs', async () => {
    const section = await renderHome([]);
    expect(
      await within(section).findByText(
        'No running investments. An investment starts when a deposit is confirmed.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the fetch error when the investments cannot be read', async () => {
    setViewportWidth(1280);
    stubApi({ ...memberApi, 'GET /api/user/investments': { status: 503, body: { message: 'Down' } } });
    renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'Running investments' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'An error occurred while fetching the data.',
    );
  });
});
