import { twoFactorMessages, type SecurityOverview } from '@ledgerstone/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { renderApp, setViewportWidth } from '../../../testing/render-app.js';
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
  withdrawable_balance: '1500.00',
  total_invest: '0.00',
  total_withdrawal: '0.00',
  total_balance: '0.00',
};

/** What the member area asks for besides the security overview. */
const memberApi = {
  'GET /api/user': { status: 200, body: member },
  'GET /api/market/prices': {
    status: 200,
    body: { data: [], source: 'sample', asOf: '2026-11-21T12:00:00.000Z' },
  },
  'GET /api/user/activity?limit=10': { status: 200, body: { data: [] } },
  'GET /api/user/investments': { status: 200, body: { data: [] } },
};

const SETUP_KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcde-2345${'abcdefghjk'[index]}`);

const sessions: SecurityOverview['sessions'] = [
  {
    id: '3f0b5a1e-0d5c-4c4e-9b0a-000000000002',
    device: 'Safari on iOS',
    ip: '198.51.100.23',
    signedInAt: '2026-11-20T08:00:00.000Z',
    lastActiveAt: '2026-11-20T09:30:00.000Z',
    current: false,
  },
  {
    id: '3f0b5a1e-0d5c-4c4e-9b0a-000000000001',
    device: 'Chrome on macOS',
    ip: '203.0.113.7',
    signedInAt: '2026-11-21T10:00:00.000Z',
    lastActiveAt: '2026-11-21T12:00:00.000Z',
    current: true,
  },
];

const off: SecurityOverview = {
  enabled: false,
  required: false,
  totpEnabled: false,
  passkeys: [],
  recoveryCodesLeft: 0,
  sessions,
};

const laptop = {
  id: 'pk-laptop',
  name: 'Laptop',
  createdAt: '2026-11-19T10:00:00.000Z',
  lastUsedAt: null,
};

const on: SecurityOverview = {
  enabled: true,
  required: false,
  totpEnabled: true,
  passkeys: [laptop],
  recoveryCodesLeft: 8,
  sessions,
};

type Route = StubbedAnswer | (() => StubbedAnswer);

/** The member API with the security overview as `current()` says at each request. */
function stubSecurity(current: () => SecurityOverview, routes: Record<string, Route> = {}) {
  setViewportWidth(1280);
  return stubApi({
    ...memberApi,
    'GET /api/user/security': () => ({ status: 200, body: current() }),
    ...routes,
  });
}

async function renderSecurity() {
  const rendered = renderApp('/dashboard/security');
  await screen.findByRole('heading', { level: 1, name: 'Security' });
  await screen.findByRole('region', { name: twoFactorMessages.activeSessions });
  return { ...rendered, user: userEvent.setup() };
}

const region = (name: string) => screen.getByRole('region', { name });

describe('/dashboard/security', () => {
  const createObjectURL = jest.fn((_blob: Blob) => 'blob:codes');
  beforeEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
  });
  afterEach(() => {
    createObjectURL.mockClear();
  });

  it('sets up the authenticator app: QR code, setup key in groups of four, a first code, then the recovery codes', async () => {
    let overview = off;
    const api = stubSecurity(() => overview, {
      'POST /api/user/security/totp/setup': {
        status: 200,
        body: {
          setupKey: SETUP_KEY,
          otpauthUri: `otpauth://totp/Ledgerstone:ada%40example.com?issuer=Ledgerstone&secret=${SETUP_KEY}`,
        },
      },
      'POST /api/user/security/totp/confirm': () => {
        overview = { ...on, passkeys: [], recoveryCodesLeft: 10 };
        return {
          status: 200,
          body: { message: twoFactorMessages.totpEnabled, recoveryCodes: RECOVERY_CODES },
        };
      },
    });
    const { user } = await renderSecurity();
    expect(within(region(twoFactorMessages.title)).getByText('Off')).toBeVisible();
    expect(screen.queryByRole('region', { name: twoFactorMessages.recoveryCodes })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: twoFactorMessages.setUpAuthenticator }));
    const form = await screen.findByRole('form', { name: 'Set up authenticator app' });
    expect(within(form).getByLabelText(twoFactorMessages.setupKeyLabel)).toHaveValue(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(await within(form).findByRole('img', { name: twoFactorMessages.qrCodeAlt })).toBeVisible();

    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await within(form).findByText(twoFactorMessages.codeRequired)).toBeVisible();
    expect(api.sentBodies('POST /api/user/security/totp/confirm')).toEqual([]);

    await user.type(within(form).getByLabelText(/^Authentication code/), '482 913');
    // The account's first factor asks for its password too.
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await within(form).findByText('Password is required')).toBeVisible();
    expect(api.sentBodies('POST /api/user/security/totp/confirm')).toEqual([]);
    await user.type(within(form).getByLabelText(/^Password/), 'analytical engine');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(api.sentBodies('POST /api/user/security/totp/confirm')).toEqual([
      { code: '482 913', password: 'analytical engine' },
    ]);
    const codes = within(dialog).getByRole('list', { name: twoFactorMessages.recoveryCodes });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeVisible();

    // jsdom cannot download: the test sees which file the page asked the browser to save.
    const saved: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this);
    });
    await user.click(within(dialog).getByRole('button', { name: twoFactorMessages.downloadCodes }));
    click.mockRestore();
    expect(saved.map((link) => [link.download, link.href])).toEqual([
      ['ledgerstone-recovery-codes.txt', 'blob:codes'],
    ]);
    const [file] = createObjectURL.mock.calls[0]!;
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file);
    });
    for (const code of RECOVERY_CODES) expect(text).toContain(`\n${code}\n`);

    // Only the button closes it: Escape would lose codes shown this once.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Save your recovery codes' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(region(twoFactorMessages.title)).findByText('On')).toBeVisible();
    expect(within(region(twoFactorMessages.recoveryCodes)).getByText('10 of 10 left')).toBeVisible();
  });

  it('turns the app off only with the password and a current code', async () => {
    const answers: StubbedAnswer[] = [
      { status: 401, body: { message: twoFactorMessages.passwordWrong } },
      { status: 200, body: { message: twoFactorMessages.totpDisabled } },
    ];
    const api = stubSecurity(() => on, {
      'POST /api/user/security/totp/disable': () => answers.shift()!,
    });
    const { user } = await renderSecurity();

    await user.click(
      within(region(twoFactorMessages.authenticatorApp)).getByRole('button', {
        name: twoFactorMessages.turnOff,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the authenticator app?' });
    expect(within(dialog).getByLabelText(/^Password/)).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: twoFactorMessages.turnOff }));
    expect(await within(dialog).findByText('Password is required')).toBeVisible();
    expect(within(dialog).getByText(twoFactorMessages.codeRequired)).toBeVisible();

    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong secret');
    await user.type(within(dialog).getByLabelText(/^Authentication code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: twoFactorMessages.turnOff }));
    expect(await within(dialog).findByText(twoFactorMessages.passwordWrong)).toBeVisible();
    expect(within(dialog).getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: twoFactorMessages.turnOff }));
    expect(await screen.findByText(twoFactorMessages.totpDisabled)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sentBodies('POST /api/user/security/totp/disable')).toEqual([
      { password: 'wrong secret', code: '123456' },
      { password: 'correct horse', code: '123456' },
    ]);
  });

  it('turns the app off with the password and a passkey instead of a code', async () => {
    const bytes = (...values: number[]) => Uint8Array.from(values).buffer;
    const get = jest.fn(async () => ({
      id: 'pk-laptop',
      rawId: bytes(1, 2, 3),
      type: 'public-key',
      response: {
        authenticatorData: bytes(4),
        clientDataJSON: bytes(5),
        signature: bytes(6),
        userHandle: null,
      },
      getClientExtensionResults: () => ({}),
      authenticatorAttachment: 'platform',
    }));
    Object.assign(globalThis, { PublicKeyCredential: function PublicKeyCredential() {} });
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
    try {
      const api = stubSecurity(() => on, {
        'POST /api/user/security/step-up/options': {
          status: 200,
          body: { challenge: 'Y2hhbGxlbmdl', allowCredentials: [] },
        },
        'POST /api/user/security/totp/disable': {
          status: 200,
          body: { message: twoFactorMessages.totpDisabled },
        },
      });
      const { user } = await renderSecurity();

      await user.click(
        within(region(twoFactorMessages.authenticatorApp)).getByRole('button', {
          name: twoFactorMessages.turnOff,
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Turn off the authenticator app?' });
      await user.type(within(dialog).getByLabelText(/^Password/), 'correct horse');
      await user.click(within(dialog).getByRole('radio', { name: twoFactorMessages.usePasskey }));
      expect(within(dialog).queryByLabelText(/^Authentication code/)).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: twoFactorMessages.turnOff }));

      expect(await screen.findByText(twoFactorMessages.totpDisabled)).toBeVisible();
      expect(get).toHaveBeenCalledTimes(1);
      expect(api.sentBodies('POST /api/user/security/totp/disable')).toEqual([
        {
          password: 'correct horse',
          passkey: expect.objectContaining({ id: 'pk-laptop', rawId: 'AQID', type: 'public-key' }),
        },
      ]);
    } finally {
      Reflect.deleteProperty(globalThis, 'PublicKeyCredential');
      Reflect.deleteProperty(navigator, 'credentials');
    }
  });

  it('renames a passkey and removes it with the password and a code', async () => {
    const api = stubSecurity(() => on, {
      'PATCH /api/user/security/passkeys/pk-laptop': {
        status: 200,
        body: { message: twoFactorMessages.passkeyRenamed, passkey: { ...laptop, name: 'Work laptop' } },
      },
      'POST /api/user/security/passkeys/pk-laptop/remove': {
        status: 200,
        body: { message: twoFactorMessages.passkeyRemoved },
      },
    });
    const { user } = await renderSecurity();
    const passkeys = region(twoFactorMessages.passkeys);
    expect(within(passkeys).getByText('Laptop')).toBeVisible();

    await user.click(within(passkeys).getByRole('button', { name: 'Rename Laptop' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(rename).getByLabelText(/^Passkey name/);
    expect(name).toHaveValue('Laptop');
    await user.clear(name);
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await within(rename).findByText(twoFactorMessages.passkeyNameRequired)).toBeVisible();
    await user.type(name, 'Work laptop');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(twoFactorMessages.passkeyRenamed)).toBeVisible();
    expect(api.sentBodies('PATCH /api/user/security/passkeys/pk-laptop')).toEqual([{ name: 'Work laptop' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(passkeys).getByRole('button', { name: 'Remove Laptop' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove Laptop?' });
    // The app is on, so its code is offered first; the passkey is the other choice.
    expect(within(remove).getByRole('radio', { name: 'Enter a code' })).toBeChecked();
    expect(within(remove).getByRole('radio', { name: twoFactorMessages.usePasskey })).not.toBeChecked();
    await user.click(within(remove).getByRole('button', { name: 'Remove' }));
    expect(await within(remove).findByText('Password is required')).toBeVisible();
    await user.type(within(remove).getByLabelText(/^Password/), 'correct horse');
    await user.click(within(remove).getByRole('button', { name: 'Remove' }));
    expect(await within(remove).findByText(twoFactorMessages.codeRequired)).toBeVisible();
    await user.type(within(remove).getByLabelText(/^Authentication code/), '246810');
    await user.click(within(remove).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(twoFactorMessages.passkeyRemoved)).toBeVisible();
    expect(api.sentBodies('POST /api/user/security/passkeys/pk-laptop/remove')).toEqual([
      { password: 'correct horse', code: '246810' },
    ]);
  });

  it('replaces the recovery codes and shows the new ones once', async () => {
    const api = stubSecurity(() => on, {
      'POST /api/user/security/recovery-codes': {
        status: 200,
        body: { message: twoFactorMessages.recoveryCodesGenerated, recoveryCodes: RECOVERY_CODES },
      },
    });
    const { user } = await renderSecurity();
    const section = region(twoFactorMessages.recoveryCodes);
    expect(within(section).getByText('8 of 10 left')).toBeVisible();

    await user.click(
      within(section).getByRole('button', { name: twoFactorMessages.regenerateRecoveryCodes }),
    );
    const dialog = await screen.findByRole('dialog', { name: twoFactorMessages.regenerateRecoveryCodes });
    await user.type(within(dialog).getByLabelText(/^Password/), 'correct horse');
    await user.type(within(dialog).getByLabelText(/^Authentication code/), 'abcde-23456');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));

    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(api.sentBodies('POST /api/user/security/recovery-codes')).toEqual([
      { password: 'correct horse', code: 'abcde-23456' },
    ]);
  });

  it('lists the sessions, this device first, and signs out another or all the others', async () => {
    const api = stubSecurity(() => on, {
      'POST /api/user/security/sessions/3f0b5a1e-0d5c-4c4e-9b0a-000000000002/sign-out': {
        status: 200,
        body: { message: twoFactorMessages.sessionSignedOut },
      },
      'POST /api/user/security/sessions/sign-out-others': {
        status: 200,
        body: { message: twoFactorMessages.otherSessionsSignedOut, signedOut: 1 },
      },
    });
    const { user } = await renderSecurity();
    const list = within(region(twoFactorMessages.activeSessions)).getByRole('list', {
      name: twoFactorMessages.activeSessions,
    });
    const [current, other] = within(list).getAllByRole('listitem');
    expect(within(current!).getByText('Chrome on macOS')).toBeVisible();
    expect(within(current!).getByText(twoFactorMessages.thisDevice)).toBeVisible();
    expect(within(current!).getByText('203.0.113.7')).toBeVisible();
    expect(within(current!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(other!).getByText('Safari on iOS')).toBeVisible();
    expect(within(other!).getByText('Last active')).toBeVisible();

    await user.click(within(other!).getByRole('button', { name: 'Sign out Safari on iOS, 198.51.100.23' }));
    expect(await screen.findByText(twoFactorMessages.sessionSignedOut)).toBeVisible();
    await user.click(screen.getByRole('button', { name: twoFactorMessages.signOutEverywhereElse }));
    expect(await screen.findByText(twoFactorMessages.otherSessionsSignedOut)).toBeVisible();
    expect(api.sentBodies('POST /api/user/security/sessions/sign-out-others')).toHaveLength(1);
  });
});

describe('the dashboard offer of two-step verification', () => {
  it('links to the security screen until it is set up, and can be dismissed', async () => {
    window.sessionStorage.clear();
    stubSecurity(() => off);
    renderApp('/dashboard');
    const offer = await screen.findByRole('region', { name: twoFactorMessages.offerToMembers });
    expect(within(offer).getByRole('link', { name: 'Set up two-step verification' })).toHaveAttribute(
      'href',
      '/dashboard/security',
    );
    await userEvent.setup().click(within(offer).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: twoFactorMessages.offerToMembers })).not.toBeInTheDocument();
  });

  it('is not offered once two-step verification is on', async () => {
    window.sessionStorage.clear();
    stubSecurity(() => on);
    renderApp('/dashboard');
    await screen.findByText('Welcome, Ada.');
    await screen.findByRole('region', { name: 'Account Balance' });
    expect(screen.queryByRole('region', { name: twoFactorMessages.offerToMembers })).not.toBeInTheDocument();
  });
});

describe('staff without a second factor', () => {
  const staffWithout: SecurityOverview = { ...off, required: true };

  it('are held on /admin-dashboard/security with the banner', async () => {
    setViewportWidth(1280);
    const api = stubApi({
      'GET /api/admin': staffSession('admin'),
      'GET /api/admin/security': { status: 200, body: staffWithout },
    });
    const { currentLocation } = renderApp('/admin-dashboard/alluser');

    expect(await screen.findByText(twoFactorMessages.setUpFirst)).toBeVisible();
    expect(currentLocation().pathname).toBe('/admin-dashboard/security');
    expect(screen.getByRole('button', { name: twoFactorMessages.setUpAuthenticator })).toBeVisible();
    // The screen asked for nothing it would be refused.
    const asked = api.fetchStub.mock.calls.map(([input]) => String(input));
    expect(asked.filter((url) => url.startsWith('/api/admin/users'))).toEqual([]);
  });

  it('see the API refusal, not a loop, when even the profile is refused', async () => {
    setViewportWidth(1280);
    stubApi({
      'GET /api/admin': { status: 403, body: { message: twoFactorMessages.setUpFirst } },
      'GET /api/admin/security': { status: 200, body: staffWithout },
    });
    const { currentLocation } = renderApp('/admin-dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    expect(currentLocation().pathname).toBe('/admin-dashboard/security');
    expect(screen.getAllByText(twoFactorMessages.setUpFirst).length).toBeGreaterThan(0);
  });
});
