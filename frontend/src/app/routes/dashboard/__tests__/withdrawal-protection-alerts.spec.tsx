import { accountMessages } from '@ledgerstone/contracts';
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import { formatDateTime } from '../../../../lib/date-time.js';
import { stubApi } from '../../../../testing/api-stub.js';
import { renderApp, setViewportWidth } from '../../../../testing/render-app.js';
import { memberApi, withdrawalProtection } from './member-fixtures.js';

const lock = {
  locked_by: 'member',
  reason: 'Locked from an e-mail link',
  locked_at: '2026-11-27T09:00:00.000Z',
};
const hold = {
  cause: 'password-changed',
  started_at: '2026-11-27T08:00:00.000Z',
  until: '2026-11-28T08:00:00.000Z',
};

async function renderHome(width: number, protection: unknown) {
  setViewportWidth(width);
  stubApi({ ...memberApi, 'GET /api/user/withdrawal-protection': { status: 200, body: protection } });
  renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  await screen.findByText('Welcome, Ada.');
}

describe.each([390, 1280])('the dashboard home at %ipx', (width) => {
  it('shows the lock, its reason and the advice to reset the password', async () => {
    await renderHome(width, { ...withdrawalProtection, lock });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your account is locked')).toBeVisible();
    expect(alert).toHaveTextContent(accountMessages.accountLocked);
    expect(alert).toHaveTextContent(
      `You locked your account from the link in one of our e-mails on ${formatDateTime(lock.locked_at)}. Reason: Locked from an e-mail link`,
    );
    expect(within(alert).getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says until when withdrawals are paused after a security change', async () => {
    await renderHome(width, { ...withdrawalProtection, hold });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Withdrawals are paused')).toBeVisible();
    expect(alert).toHaveTextContent(accountMessages.withdrawalsPaused(formatDateTime(hold.until)));
  });

  it('shows both when the account is locked during a hold', async () => {
    await renderHome(width, { ...withdrawalProtection, lock: { ...lock, locked_by: 'admin' }, hold });

    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toHaveTextContent(/^Your account is locked.*An admin locked your account on/);
    expect(alerts[1]).toHaveTextContent(/^Withdrawals are paused/);
  });

  it('shows no alert when nothing stops withdrawals', async () => {
    await renderHome(width, withdrawalProtection);
    expect(await screen.findByRole('region', { name: 'Account Balance' })).toHaveTextContent('$1,500.00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
