import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { deferred, renderScreen, stubApi, type StubbedAnswer } from '../../../../testing/api-stub.js';

const verifyForm = () => screen.getByRole('form', { name: 'Verify your account' });

describe('/verify', () => {
  it('asks for the 6-digit code before sending anything', async () => {
    const { fetchStub } = stubApi({});
    await renderScreen('/verify');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Verification code/), '12a');
    await user.click(within(verifyForm()).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Enter the 6-digit code from your e-mail')).toBeInTheDocument();
    expect(fetchStub.mock.calls.map(([input]) => String(input))).not.toContain('/api/user/verify');
  });

  it('says "Verifying..." while pending, then "Account verified successfully!" and goes to /login', async () => {
    const answer = deferred<StubbedAnswer>();
    const api = stubApi({ 'PATCH /api/user/verify': () => answer.promise });
    const { currentLocation } = await renderScreen('/verify');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Verification code/), '042917');
    await user.click(within(verifyForm()).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    answer.resolve({ status: 200, body: { message: 'Account verified successfully!' } });
    expect(await screen.findByText('Account verified successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
    expect(api.sentBodies('PATCH /api/user/verify')).toEqual([{ verifyCode: '042917' }]);
  });

  it.each([
    { status: 400, body: { message: 'Invalid verification code' }, toast: 'Invalid verification code' },
    {
      status: 429,
      body: { message: 'Too many attempts, please try again in 60 seconds.' },
      toast: 'Too many attempts, please try again in 60 seconds.',
    },
    { status: 502, body: undefined, toast: 'Verification failed' },
  ])('on a $status answer toasts "$toast"', async ({ status, body, toast }) => {
    stubApi({ 'PATCH /api/user/verify': { status, body } });
    const { currentLocation } = await renderScreen('/verify');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Verification code/), '000000');
    await user.click(within(verifyForm()).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/verify');
  });

  it('resends the code and toasts the answer, or the rate limit message', async () => {
    let resends = 0;
    stubApi({
      'POST /api/user/verify/resend': () =>
        ++resends === 1
          ? { status: 200, body: { message: 'A new verification code is on its way.' } }
          : { status: 429, body: { message: 'Too many attempts, please try again in 45 seconds.' } },
    });
    await renderScreen('/verify');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('A new verification code is on its way.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Too many attempts, please try again in 45 seconds.')).toBeInTheDocument();
  });

  it('links to signup and to the forgotten password page', async () => {
    stubApi({});
    await renderScreen('/verify');
    const card = verifyForm().parentElement as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
    expect(within(card).getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
