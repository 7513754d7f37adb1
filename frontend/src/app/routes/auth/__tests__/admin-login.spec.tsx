import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderApp } from '../../../../testing/render-app.js';
import { deferred, renderScreen, stubApi, type StubbedAnswer } from '../../../../testing/api-stub.js';

const adminForm = () => screen.getByRole('form', { name: 'Welcome Back, Admin' });
const loginButton = () => within(adminForm()).getByRole('button', { name: 'Login' });

async function fillIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), 'admin@ledgerstone.local');
  await user.type(screen.getByLabelText(/^Password/), 'staff secret');
  return user;
}

describe('/admin-login', () => {
  it('welcomes the admin back, links to the admin forgotten password page and toggles the password', async () => {
    stubApi({});
    await renderScreen('/admin-login');
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { name: 'Welcome Back, Admin' })).toBeInTheDocument();
    const card = adminForm().parentElement as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/admin-forgot-password',
    );
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });

  it('shows the contract messages and sends nothing while the form is invalid', async () => {
    const api = stubApi({});
    await renderScreen('/admin-login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'admin');
    await user.click(loginButton());

    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.sentBodies('POST /api/admin/login')).toEqual([]);
  });

  it('says "Logging in..." while pending, then lands on /admin-dashboard', async () => {
    const answer = deferred<StubbedAnswer>();
    const api = stubApi({
      'POST /api/admin/login': () => answer.promise,
      'GET /api/admin': {
        status: 200,
        body: {
          id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
          first_name: 'Grace',
          last_name: 'Hopper',
          email: 'admin@ledgerstone.local',
          role: 'admin',
        },
      },
    });
    const { currentLocation } = await renderScreen('/admin-login');
    const user = await fillIn();
    await user.click(loginButton());

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    answer.resolve({ status: 200, body: { status: 'Login successful', message: 'Login successful' } });
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().pathname).toBe('/admin-dashboard'));
    expect(await screen.findByText('Welcome, Grace.')).toBeInTheDocument();
    expect(api.sentBodies('POST /api/admin/login')).toEqual([
      { email: 'admin@ledgerstone.local', password: 'staff secret' },
    ]);
  });

  it.each([
    { status: 401, body: { message: 'Invalid email or password' }, toast: 'Invalid email or password' },
    {
      status: 429,
      body: { message: 'Too many attempts, please try again in 60 seconds.' },
      toast: 'Too many attempts, please try again in 60 seconds.',
    },
    { status: 503, body: undefined, toast: 'Login failed' },
  ])('on a $status answer toasts "$toast" and stays', async ({ status, body, toast }) => {
    stubApi({ 'POST /api/admin/login': { status, body } });
    const { currentLocation } = await renderScreen('/admin-login');
    const user = await fillIn();
    await user.click(loginButton());

    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/admin-login');
    expect(loginButton()).toBeEnabled();
  });

  it('sends a visitor without an admin session from /admin-dashboard back to /admin-login', async () => {
    stubApi({ 'GET /api/admin': { status: 401, body: { message: 'Please log in' } } });
    const { currentLocation } = renderApp('/admin-dashboard');
    await waitFor(() => expect(currentLocation().pathname).toBe('/admin-login'));
  });
});
