import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { deferred, renderScreen, stubApi, type StubbedAnswer } from '../../../../testing/api-stub.js';

const signupForm = () => screen.getByRole('form', { name: 'Become a Member' });
const createAccount = () => within(signupForm()).getByRole('button', { name: 'Create Account' });

async function fillIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^First Name/), 'Ada');
  await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Email Address/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Phone Number/), '+44 117 496 0000');
  await user.type(screen.getByLabelText(/^Password/), 'analytical engine');
  return user;
}

describe('/signup', () => {
  it('prefills the Referral Code from ?ref= and sends it', async () => {
    const api = stubApi({ 'POST /api/user': { status: 201, body: { message: 'Account created.' } } });
    await renderScreen('/signup?ref=abcd2345');

    expect(screen.getByRole('heading', { name: 'Become a Member' })).toBeInTheDocument();
    expect(screen.getByLabelText('Referral Code')).toHaveValue('abcd2345');
    const user = await fillIn();
    await user.click(createAccount());

    await waitFor(() =>
      expect(api.sentBodies('POST /api/user')).toEqual([
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          phoneNumber: '+44 117 496 0000',
          password: 'analytical engine',
          referralCode: 'ABCD2345',
        },
      ]),
    );
  });

  it('leaves the Referral Code empty without ?ref=', async () => {
    stubApi({});
    await renderScreen('/signup');
    expect(screen.getByLabelText('Referral Code')).toHaveValue('');
  });

  it('shows the contract messages on each field and sends nothing', async () => {
    const { fetchStub } = stubApi({});
    await renderScreen('/signup');
    const user = userEvent.setup();
    await user.click(createAccount());

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Last Name/)).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText(/^Email Address/)).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText(/^Phone Number/)).toHaveAccessibleDescription('Phone number is required');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    );
    expect(fetchStub.mock.calls.map(([input]) => String(input))).not.toContain('/api/user');
  });

  it('says "Creating Account..." while pending, then toasts the answer and goes to /verify', async () => {
    const answer = deferred<StubbedAnswer>();
    stubApi({ 'POST /api/user': () => answer.promise });
    const { currentLocation } = await renderScreen('/signup');
    const user = await fillIn();
    await user.click(createAccount());

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    answer.resolve({
      status: 201,
      body: { message: 'Account created. We sent a verification code to your e-mail.' },
    });
    expect(
      await screen.findByText('Account created. We sent a verification code to your e-mail.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().pathname).toBe('/verify'));
  });

  it('toasts the server message and puts field errors on their fields', async () => {
    stubApi({
      'POST /api/user': {
        status: 409,
        body: {
          message: 'An account with this e-mail already exists',
          fieldErrors: { email: ['An account with this e-mail already exists'] },
        },
      },
    });
    const { currentLocation } = await renderScreen('/signup');
    const user = await fillIn();
    await user.click(createAccount());

    await waitFor(() =>
      expect(screen.getByLabelText(/^Email Address/)).toHaveAccessibleDescription(
        'An account with this e-mail already exists',
      ),
    );
    expect(screen.getAllByText('An account with this e-mail already exists')).toHaveLength(2);
    expect(currentLocation().pathname).toBe('/signup');
  });

  it('shows the rate limit message of a 429 answer', async () => {
    stubApi({
      'POST /api/user': {
        status: 429,
        body: { message: 'Too many attempts, please try again in 30 seconds.' },
      },
    });
    await renderScreen('/signup');
    const user = await fillIn();
    await user.click(createAccount());

    expect(await screen.findByText('Too many attempts, please try again in 30 seconds.')).toBeInTheDocument();
    expect(createAccount()).toBeEnabled();
  });

  it('links to /login', async () => {
    stubApi({});
    await renderScreen('/signup');
    const card = signupForm().parentElement as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
