import { twoFactorMessages } from '@ledgerstone/contracts';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderScreen, stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { staffSession } from '../../../testing/staff-session.js';

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

const challenge = (methods: string[]) => ({
  status: 200,
  body: {
    status: twoFactorMessages.secondStepNeeded,
    message: twoFactorMessages.secondStepNeeded,
    verificationRequired: false,
    twoFactorRequired: true,
    methods,
  },
});

const signedIn = {
  status: 200,
  body: { status: 'Login successful', message: 'Login successful', verificationRequired: false },
};

const twoStepForm = () => screen.findByRole('form', { name: twoFactorMessages.title });

async function passwordStep(path: '/login' | '/admin-login', formName: string) {
  await renderScreen(path);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'correct horse');
  await user.click(
    within(screen.getByRole('form', { name: formName })).getByRole('button', { name: 'Login' }),
  );
  return user;
}

function stubMember(routes: Record<string, StubbedAnswer | (() => StubbedAnswer)>) {
  return stubApi({ 'GET /api/user': { status: 200, body: member }, ...routes });
}

describe('the two-step verification screen at /login', () => {
  it('asks for the authentication code after the password and checks it before sending', async () => {
    const api = stubMember({
      'POST /api/user/login': challenge(['totp', 'passkey', 'recovery']),
      'POST /api/user/login/two-factor': signedIn,
    });
    const user = await passwordStep('/login', 'Login');

    const form = await twoStepForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
    const code = within(form).getByLabelText(/^Authentication code/);
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(within(form).getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Use a recovery code' })).toBeVisible();

    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(twoFactorMessages.codeRequired)).toBeVisible();
    await user.type(code, '12345');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(twoFactorMessages.codeFormat)).toBeVisible();
    expect(api.sentBodies('POST /api/user/login/two-factor')).toEqual([]);
  });

  it('signs in with the code, toasts and lands on /dashboard', async () => {
    const api = stubMember({
      'POST /api/user/login': challenge(['totp', 'recovery']),
      'POST /api/user/login/two-factor': signedIn,
    });
    const user = await passwordStep('/login', 'Login');
    const form = await twoStepForm();

    await user.type(within(form).getByLabelText(/^Authentication code/), '123 456');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Login successful')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(api.sentBodies('POST /api/user/login/two-factor')).toEqual([{ code: '123456' }]);
    // Without a passkey on the account, none is offered.
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
  });

  it('shows a wrong code on the field and as a toast, and stays', async () => {
    stubMember({
      'POST /api/user/login': challenge(['totp', 'recovery']),
      'POST /api/user/login/two-factor': { status: 401, body: { message: twoFactorMessages.wrongCode } },
    });
    const user = await passwordStep('/login', 'Login');
    const form = await twoStepForm();

    await user.type(within(form).getByLabelText(/^Authentication code/), '000000');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));

    expect(await screen.findAllByText(twoFactorMessages.wrongCode)).toHaveLength(2);
    expect(within(form).getByLabelText(/^Authentication code/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('takes a recovery code instead, as issued or typed loosely', async () => {
    const api = stubMember({
      'POST /api/user/login': challenge(['totp', 'recovery']),
      'POST /api/user/login/two-factor': signedIn,
    });
    const user = await passwordStep('/login', 'Login');
    const form = await twoStepForm();

    await user.click(within(form).getByRole('button', { name: 'Use a recovery code' }));
    const recovery = within(form).getByLabelText(/^Recovery code/);
    expect(recovery).toHaveFocus();
    expect(within(form).queryByLabelText(/^Authentication code/)).not.toBeInTheDocument();
    await user.type(recovery, 'not a code');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(twoFactorMessages.recoveryCodeFormat)).toBeVisible();

    await user.clear(recovery);
    await user.type(recovery, 'ABCDE-23456');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(api.sentBodies('POST /api/user/login/two-factor')).toEqual([{ recoveryCode: 'abcde23456' }]);
  });

  it('goes back to the password when the sign-in has expired', async () => {
    stubMember({
      'POST /api/user/login': challenge(['totp', 'recovery']),
      'POST /api/user/login/two-factor': {
        status: 401,
        body: { message: twoFactorMessages.pendingLoginExpired },
      },
    });
    const user = await passwordStep('/login', 'Login');
    const form = await twoStepForm();
    await user.type(within(form).getByLabelText(/^Authentication code/), '123456');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(twoFactorMessages.pendingLoginExpired)).toBeVisible();
    const login = await screen.findByRole('form', { name: 'Login' });
    expect(within(login).getByLabelText(/^Email/)).toHaveValue('ada@example.com');
    expect(within(login).getByLabelText(/^Password/)).toHaveValue('');
  });

  it('offers only the passkey and the recovery code to an account without an authenticator app', async () => {
    stubMember({ 'POST /api/user/login': challenge(['passkey', 'recovery']) });
    await passwordStep('/login', 'Login');
    const form = await twoStepForm();

    expect(within(form).queryByLabelText(/^Authentication code/)).not.toBeInTheDocument();
    expect(screen.getByText('Use your passkey to finish signing in.')).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
  });
});

describe('the two-step verification screen at /admin-login', () => {
  it('finishes the staff sign-in with the code and lands on /admin-dashboard', async () => {
    const api = stubApi({
      'POST /api/admin/login': challenge(['totp', 'recovery']),
      'POST /api/admin/login/two-factor': {
        status: 200,
        body: { status: 'Login successful', message: 'Login successful', twoFactorSetupRequired: false },
      },
      'GET /api/admin': staffSession('admin'),
      'GET /api/admin/security': {
        status: 200,
        body: {
          enabled: true,
          required: true,
          totpEnabled: true,
          passkeys: [],
          recoveryCodesLeft: 10,
          sessions: [],
        },
      },
    });
    const user = await passwordStep('/admin-login', 'Welcome Back, Admin');
    const form = await twoStepForm();
    await user.type(within(form).getByLabelText(/^Authentication code/), '654321');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Welcome, Grace.')).toBeVisible();
    expect(api.sentBodies('POST /api/admin/login/two-factor')).toEqual([{ code: '654321' }]);
  });

  it('sends staff without a second factor to the security screen', async () => {
    stubApi({
      'POST /api/admin/login': {
        status: 200,
        body: { status: 'Login successful', message: 'Login successful', twoFactorSetupRequired: true },
      },
      'GET /api/admin': staffSession('admin'),
      'GET /api/admin/security': {
        status: 200,
        body: {
          enabled: false,
          required: true,
          totpEnabled: false,
          passkeys: [],
          recoveryCodesLeft: 0,
          sessions: [],
        },
      },
    });
    await passwordStep('/admin-login', 'Welcome Back, Admin');

    expect(await screen.findByText(twoFactorMessages.setUpFirst)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  });
});

describe('"Sign in with a passkey"', () => {
  it.each([
    { path: '/login' as const, kind: 'user' },
    { path: '/admin-login' as const, kind: 'admin' },
  ])('is offered at $path and explains a browser without passkeys', async ({ path, kind }) => {
    const api = stubApi({
      [`POST /api/${kind}/passkey-login/options`]: {
        status: 200,
        body: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' },
      },
    });
    await renderScreen(path);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: twoFactorMessages.signInWithPasskey }));

    // jsdom has no WebAuthn, as an old browser would not.
    expect(await screen.findByText('This browser cannot use passkeys.')).toBeVisible();
    expect(api.sentBodies(`POST /api/${kind}/passkey-login/verify`)).toEqual([]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: twoFactorMessages.signInWithPasskey })).toBeEnabled(),
    );
  });
});
