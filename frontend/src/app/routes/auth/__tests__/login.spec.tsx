import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderApp } from '../../../../testing/render-app.js';
import { deferred, renderScreen, stubApi, type StubbedAnswer } from '../../../../testing/api-stub.js';

const loginForm = () => screen.getByRole('form', { name: 'Login' });

async function fillIn(email = 'ada@example.com', password = 'correct horse') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  return user;
}

const member = {
  id: '0b5f4c7e-8a39-4f7e-9a55-1d2f3c4b5a69',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 117 496 0000',
  referral_code: 'ABCD2345',
  status: 'active',
  createdAt: '2026-11-21T10:00:00.000Z',
  withdrawable_balance: '0.00',
  total_invest: '0.00',
  total_withdrawal: '0.00',
  total_balance: '0.00',
};

describe('/login', () => {
  it('shows the contract messages and sends nothing while the form is invalid', async () => {
    const { fetchStub } = stubApi({});
    await renderScreen('/login');
    const user = userEvent.setup();

    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Email/), 'not-an-address');
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(fetchStub.mock.calls.map(([input]) => String(input))).not.toContain('/api/user/login');
  });

  it('shows and hides the password', async () => {
    stubApi({});
    await renderScreen('/login');
    const user = userEvent.setup();
    const password = screen.getByLabelText(/^Password/);

    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to signup and to the forgotten password page', async () => {
    stubApi({});
    await renderScreen('/login');
    const card = loginForm().parentElement as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
    expect(within(card).getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says "Logging in..." while pending, then toasts the status and lands on /dashboard', async () => {
    const answer = deferred<StubbedAnswer>();
    const api = stubApi({
      'POST /api/user/login': () => answer.promise,
      'GET /api/user': { status: 200, body: member },
    });
    const { currentLocation } = await renderScreen('/login');
    const user = await fillIn('Ada@Example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    answer.resolve({
      status: 200,
      body: { status: 'Login successful', message: 'Login successful', verificationRequired: false },
    });

    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('Welcome, Ada.')).toBeInTheDocument();
    expect(api.sentBodies('POST /api/user/login')).toEqual([
      { email: 'ada@example.com', password: 'correct horse', rememberMe: true },
    ]);
  });

  it('sends an unverified member to /verify with the status as a toast', async () => {
    const status = 'Please verify your account. We sent a new code to your e-mail.';
    stubApi({
      'POST /api/user/login': { status: 200, body: { status, message: status, verificationRequired: true } },
    });
    const { currentLocation } = await renderScreen('/login');
    const user = await fillIn();
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(status)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().pathname).toBe('/verify'));
  });

  it.each([
    { status: 401, body: { message: 'Invalid email or password' }, toast: 'Invalid email or password' },
    {
      status: 429,
      body: { message: 'Too many attempts, please try again in 60 seconds.' },
      toast: 'Too many attempts, please try again in 60 seconds.',
    },
    { status: 500, body: undefined, toast: 'Login failed' },
  ])('on a $status answer toasts "$toast" and stays', async ({ status, body, toast }) => {
    stubApi({ 'POST /api/user/login': { status, body } });
    const { currentLocation } = await renderScreen('/login');
    const user = await fillIn();
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/login');
    expect(within(loginForm()).getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('sends a visitor without a session from /dashboard back to /login', async () => {
    stubApi({ 'GET /api/user': { status: 401, body: { message: 'Please log in' } } });
    const { currentLocation } = renderApp('/dashboard');
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
  });
});
