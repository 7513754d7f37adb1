import { Secret, TOTP } from 'otpauth';
import { ADMIN, type Platform } from './platform.js';
import { mailedVerificationCode } from './verification-codes.js';

/** Where a browser finds the platform: the api's address and the site's Origin. */
export type Site = Pick<Platform, 'apiUrl' | 'publicUrl' | 'verificationCodes'>;

/** A signed-in member: the Cookie header their browser sends, and their id. */
export interface Member {
  userId: string;
  email: string;
  cookie: string;
}

export const MEMBER_PASSWORD = 'bench member passphrase 2026';

export const MEMBER_FUNDS = '1000000.00';

/** The address the benchmark's withdrawals go to, saved in every member's address book. */
export const PAYOUT_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const PAYOUT_WALLETS = {
  bitcoin: PAYOUT_ADDRESS,
  ethereum: '0x52908400098527886e0f7030069857d2e4169ee7',
  usdt: '0x52908400098527886e0f7030069857d2e4169ee7',
};

/** A browser of one person: keeps the cookies it is given and sends what state-changing calls need. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly platform: Site) {}

  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call<T>(method: string, path: string, body?: unknown, expected = [200, 201]): Promise<T> {
    const response = await fetch(`${this.platform.apiUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        origin: this.platform.publicUrl,
        cookie: this.cookie,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const separator = pair.indexOf('=');
      const [name, value] = [pair.slice(0, separator), pair.slice(separator + 1)];
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    if (!expected.includes(response.status)) {
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

async function signUpAndSignIn(platform: Site, email: string): Promise<Member> {
  const password = MEMBER_PASSWORD;
  const signup = new Browser(platform);
  await signup.call('POST', '/api/user', {
    firstName: 'Bench',
    lastName: 'Member',
    email,
    phoneNumber: '+44 20 7946 0000',
    password,
  });
  await signup.call('PATCH', '/api/user/verify', {
    verifyCode: await mailedVerificationCode(platform.verificationCodes, email),
  });
  const browser = new Browser(platform);
  await browser.call('POST', '/api/user/login', { email, password, rememberMe: false });
  // Withdrawals go only to the address book; the platform runs without the cooling period for the benchmark.
  await browser.call('PUT', '/api/user/wallets', PAYOUT_WALLETS);
  const { id } = await browser.call<{ id: string }>('GET', '/api/user');
  return { userId: id, email, cookie: browser.cookie };
}

/**
 * Signs the admin in. Staff need a second factor before any admin route opens: a fresh platform's first admin
 * sets up an authenticator app here, answering with a code computed from the setup key (and the password, which
 * a first factor asks for).
 */
export async function adminSignedIn(
  platform: Site,
  credentials: { email: string; password: string } = ADMIN,
): Promise<Browser> {
  const admin = new Browser(platform);
  const login = await admin.call<{ twoFactorSetupRequired?: true }>('POST', '/api/admin/login', credentials);
  if (login.twoFactorSetupRequired) {
    const { setupKey } = await admin.call<{ setupKey: string }>('POST', '/api/admin/security/totp/setup');
    const code = new TOTP({ secret: Secret.fromBase32(setupKey.replace(/\s+/g, '')) }).generate();
    await admin.call('POST', '/api/admin/security/totp/confirm', { code, password: credentials.password });
  }
  return admin;
}

interface MemberDetail {
  data: { version: number; buckets: { available: string } };
}

/**
 * `count` members signed up, verified and signed in through the api as the SPA does, each given `funds`
 * (MEMBER_FUNDS unless said) of available balance by the admin's balance form. A few at a time: each sign-up and login
 * hashes a password.
 */
export async function createMembers(
  platform: Site,
  count: number,
  label: string,
  funds = MEMBER_FUNDS,
  /** The admin who funds them: signed in here unless given (a second sign-in would ask for the code). */
  signedInAdmin?: Browser,
): Promise<Member[]> {
  const inParallel = 4;
  const admin = signedInAdmin ?? (await adminSignedIn(platform));
  const members: Member[] = [];
  for (let first = 0; first < count; first += inParallel) {
    const batch = Array.from({ length: Math.min(inParallel, count - first) }, (_, offset) => first + offset);
    members.push(
      ...(await Promise.all(
        batch.map(async (index) => {
          const member = await signUpAndSignIn(platform, `member.${index}.${label}@ledgerstone.bench`);
          const { data } = await admin.call<MemberDetail>('GET', `/api/admin/users/${member.userId}`);
          await admin.call('PUT', `/api/admin/users/${member.userId}/balances`, {
            available: { shown: data.buckets.available, target: funds },
            reason: 'Funds for the HTTP benchmark',
            version: data.version,
          });
          return member;
        }),
      )),
    );
  }
  return members;
}
