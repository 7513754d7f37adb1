import { lockMessages } from '@ledgerstone/contracts';
import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { deferred, stubApi, type StubbedAnswer } from '../../../../testing/api-stub.js';
import { renderApp, setViewportWidth } from '../../../../testing/render-app.js';

const TOKEN = 'v1.9f2c4e1a.b64-signature_part';

async function renderLockPage(path: string) {
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Lock my account' });
  return { ...rendered, user: userEvent.setup() };
}

const lockButton = () => screen.getByRole('button', { name: 'Lock my account' });

/** Every request but the footer's health check. */
const apiCalls = (api: ReturnType<typeof stubApi>) =>
  api.fetchStub.mock.calls
    .map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`)
    .filter((call) => call !== 'GET /api/health');

describe('/lock-account', () => {
  it.each([390, 1280])(
    'explains the lock and changes nothing until the button is pressed, at %ipx',
    async (width) => {
      setViewportWidth(width);
      const api = stubApi({});
      await renderLockPage(`/lock-account?token=${encodeURIComponent(TOKEN)}`);

      expect(screen.getByRole('form', { name: 'Lock my account' })).toBeVisible();
      expect(screen.getByText('freezes withdrawals,')).toBeVisible();
      expect(screen.getByText('freezes changes to your payout addresses,')).toBeVisible();
      expect(screen.getByText('signs out every session, on every device.')).toBeVisible();
      expect(lockButton()).toBeEnabled();
      // Mail scanners open the link: opening it sends nothing, and no session is asked for.
      await act(() => new Promise<void>((settle) => setTimeout(settle, 50)));
      expect(apiCalls(api)).toEqual([]);
    },
  );

  it('locks with the token of the link, then says so and links to the password reset', async () => {
    const answer = deferred<StubbedAnswer>();
    const api = stubApi({ 'POST /api/account/lock': () => answer.promise });
    const { user } = await renderLockPage(`/lock-account?token=${encodeURIComponent(TOKEN)}`);

    await user.click(lockButton());
    expect(await screen.findByRole('button', { name: 'Locking...' })).toBeDisabled();
    answer.resolve({ status: 200, body: { message: lockMessages.locked } });

    expect(await screen.findByText(lockMessages.locked)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(lockMessages.locked);
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByRole('button', { name: 'Lock my account' })).not.toBeInTheDocument();
    expect(api.sentBodies('POST /api/account/lock')).toEqual([{ token: TOKEN }]);
    expect(apiCalls(api)).toEqual(['POST /api/account/lock']);
  });

  it.each([
    { status: 409, message: lockMessages.linkUsed },
    { status: 400, message: lockMessages.linkExpired },
    { status: 400, message: lockMessages.linkInvalid },
  ])('shows a $status refusal as the server words it: "$message"', async ({ status, message }) => {
    stubApi({ 'POST /api/account/lock': { status, body: { message } } });
    const { user } = await renderLockPage(`/lock-account?token=${encodeURIComponent(TOKEN)}`);

    await user.click(lockButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('link', { name: 'Reset your password' })).not.toBeInTheDocument();
  });

  it('says so when the server cannot answer, and lets the member try again', async () => {
    let attempts = 0;
    const api = stubApi({
      'POST /api/account/lock': () => {
        attempts += 1;
        return attempts === 1 ? { status: 502 } : { status: 200, body: { message: lockMessages.locked } };
      },
    });
    const { user } = await renderLockPage(`/lock-account?token=${encodeURIComponent(TOKEN)}`);

    await user.click(lockButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('The account could not be locked. Try again.');
    await user.click(lockButton());
    expect(await screen.findByText(lockMessages.locked)).toBeVisible();
    await waitFor(() => expect(api.sentBodies('POST /api/account/lock')).toHaveLength(2));
  });

  it.each(['/lock-account', '/lock-account?token=', '/lock-account?token=%20'])(
    'at %s says the link is not valid and offers no button',
    async (path) => {
      const api = stubApi({});
      await renderLockPage(path);

      expect(screen.getByRole('alert')).toHaveTextContent(lockMessages.linkInvalid);
      expect(screen.queryByRole('button', { name: 'Lock my account' })).not.toBeInTheDocument();
      expect(apiCalls(api)).toEqual([]);
    },
  );
});
