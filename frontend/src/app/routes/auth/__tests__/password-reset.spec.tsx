import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { deferred, renderScreen, stubApi, type StubbedAnswer } from '../../../../testing/api-stub.js';

const rateLimited = {
  status: 429,
  body: { message: 'Too many attempts, please try again in 60 seconds.' },
  toast: 'Too many attempts, please try again in 60 seconds.',
};

describe.each([
  {
    screenPath: '/forgot-password',
    title: 'Forgot Password',
    call: 'POST /api/user/forget-pass',
    loginPath: '/login',
  },
  {
    screenPath: '/admin-forgot-password',
    title: 'Admin Forgot Password',
    call: 'POST /api/admin/forget-pass',
    loginPath: '/admin-login',
  },
])('$screenPath', ({ screenPath, title, call, loginPath }) => {
  const sendLink = () =>
    within(screen.getByRole('form', { name: title })).getByRole('button', {
      name: 'Send Reset Password Link',
    });

  it('shows the contract messages and sends nothing while the e-mail is missing or invalid', async () => {
    const api = stubApi({});
    await renderScreen(screenPath);
    const user = userEvent.setup();

    await user.click(sendLink());
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'nobody');
    await user.click(sendLink());
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.sentBodies(call)).toEqual([]);
  });

  it('says "Sending..." while pending, then shows the server message and goes back to login', async () => {
    const answer = deferred<StubbedAnswer>();
    const api = stubApi({ [call]: () => answer.promise });
    const { currentLocation } = await renderScreen(screenPath);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(sendLink());

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer.resolve({
      status: 200,
      body: { message: 'If an account exists for that e-mail, a reset link is on its way.' },
    });
    expect(
      await screen.findByText('If an account exists for that e-mail, a reset link is on its way.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().pathname).toBe(loginPath));
    expect(api.sentBodies(call)).toEqual([{ email: 'ada@example.com' }]);
  });

  it.each([rateLimited, { status: 500, body: undefined, toast: 'Something went wrong' }])(
    'on a $status answer toasts "$toast"',
    async ({ status, body, toast }) => {
      stubApi({ [call]: { status, body } });
      const { currentLocation } = await renderScreen(screenPath);
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
      await user.click(sendLink());

      expect(await screen.findByText(toast)).toBeInTheDocument();
      expect(currentLocation().pathname).toBe(screenPath);
    },
  );

  it('links back to login', async () => {
    stubApi({});
    await renderScreen(screenPath);
    const card = screen.getByRole('form', { name: title }).parentElement as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', loginPath);
  });
});

describe.each([
  {
    screenPath: '/reset-password/tok-123',
    title: 'Reset Password',
    call: 'POST /api/user/change/tok-123',
    loginPath: '/login',
  },
  {
    screenPath: '/admin-reset-password/tok-123',
    title: 'Reset Admin Password',
    call: 'POST /api/admin/change/tok-123',
    loginPath: '/admin-login',
  },
])('$screenPath', ({ screenPath, title, call, loginPath }) => {
  const resetButton = () =>
    within(screen.getByRole('form', { name: title })).getByRole('button', { name: 'Reset Password' });

  it('asks for a password of at least 8 characters, with show/hide', async () => {
    const api = stubApi({});
    await renderScreen(screenPath);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New Password/), 'short');
    await user.click(resetButton());

    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.sentBodies(call)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText(/^New Password/)).toHaveAttribute('type', 'text');
  });

  it('says "Resetting..." while pending, then "Password reset successfully" and goes to login', async () => {
    const answer = deferred<StubbedAnswer>();
    const api = stubApi({ [call]: () => answer.promise });
    const { currentLocation } = await renderScreen(screenPath);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New Password/), 'a brand new secret');
    await user.click(resetButton());

    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
    answer.resolve({ status: 200, body: { message: 'Password reset successfully' } });
    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().pathname).toBe(loginPath));
    expect(api.sentBodies(call)).toEqual([{ password: 'a brand new secret' }]);
  });

  it.each([
    {
      status: 400,
      body: { message: 'This reset link is invalid or has expired' },
      toast: 'This reset link is invalid or has expired',
    },
    rateLimited,
    { status: 500, body: undefined, toast: 'Something went wrong' },
  ])('on a $status answer toasts "$toast"', async ({ status, body, toast }) => {
    stubApi({ [call]: { status, body } });
    const { currentLocation } = await renderScreen(screenPath);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New Password/), 'a brand new secret');
    await user.click(resetButton());

    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(currentLocation().pathname).toBe(screenPath);
  });
});
