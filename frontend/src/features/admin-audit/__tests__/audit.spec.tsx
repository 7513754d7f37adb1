import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi } from '../../../testing/api-stub.js';
import { renderApp } from '../../../testing/render-app.js';
import { staffSession } from '../../../testing/staff-session.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const STORE_HASH = 'ab'.repeat(32);

const auditor = staffSession('auditor');

async function renderAudit(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /api/admin': auditor, ...routes });
  const rendered = renderApp('/admin-dashboard/audit');
  await screen.findByRole('heading', { level: 1, name: 'Audit' });
  return { ...rendered, api };
}

const exportSection = () => screen.getByRole('region', { name: 'Export transactions' });
const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

describe('/admin-dashboard/audit', () => {
  it('offers the last 30 days by default and a CSV link carrying the chosen days', async () => {
    await renderAudit();
    await waitFor(() => expect(document.title).toBe('Audit | Ledgerstone'));
    const section = exportSection();
    const now = Date.now();
    const from = within(section).getByLabelText('From');
    const to = within(section).getByLabelText('To');
    expect(from).toHaveValue(utcDay(new Date(now - 29 * DAY_MS)));
    expect(to).toHaveValue(utcDay(new Date(now)));

    fireEvent.change(from, { target: { value: '2026-10-01' } });
    fireEvent.change(to, { target: { value: '2026-10-31' } });
    expect(within(section).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/transactions.csv?from=2026-10-01&to=2026-10-31',
    );
  });

  it('disables the download and says why when To is before From', async () => {
    await renderAudit();
    const section = exportSection();
    fireEvent.change(within(section).getByLabelText('From'), { target: { value: '2026-10-31' } });
    fireEvent.change(within(section).getByLabelText('To'), { target: { value: '2026-10-01' } });

    expect(within(section).queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    const download = within(section).getByRole('button', { name: 'Download CSV' });
    expect(download).toHaveAttribute('aria-disabled', 'true');
    expect(download).not.toHaveAttribute('href');
    expect(download).toHaveAccessibleDescription('To must not be before From.');

    fireEvent.change(within(section).getByLabelText('To'), { target: { value: '2026-10-31' } });
    expect(within(section).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/transactions.csv?from=2026-10-31&to=2026-10-31',
    );
  });

  it('verifies the whole store: intact with the stream count, then the first broken link', async () => {
    const answers = [
      { ok: true, streams: 4, events: 12, headHash: STORE_HASH, brokenAt: null },
      {
        ok: false,
        streams: 4,
        events: 12,
        headHash: null,
        brokenAt: { streamId: 'account-42', position: 7, reason: 'event 7 is missing' },
      },
    ];
    let asked = 0;
    await renderAudit({ 'GET /api/admin/verify-history': () => ({ status: 200, body: answers[asked++] }) });
    const section = screen.getByRole('region', { name: 'Verify history' });
    const user = userEvent.setup();

    await user.click(within(section).getByRole('button', { name: 'Verify history' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      `History intact: 12 events in 4 streams, head hash ${STORE_HASH}`,
    );

    await user.click(within(section).getByRole('button', { name: 'Verify history' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert')).toHaveTextContent(
        'Broken link at position 7: event 7 is missing',
      ),
    );
    expect(within(section).getByRole('alert')).toHaveTextContent('Stream account-42');
  });

  it("shows the server's message when the check cannot run", async () => {
    await renderAudit({
      'GET /api/admin/verify-history': { status: 503, body: { message: 'The event store is unavailable' } },
    });
    const section = screen.getByRole('region', { name: 'Verify history' });
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Verify history' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The event store is unavailable');
  });
});
