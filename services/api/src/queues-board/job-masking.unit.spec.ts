import { describe, expect, it } from '@jest/globals';
import { maskEmailAddresses, maskEmailAddressesIn, maskJobData } from './job-masking.js';

describe('maskEmailAddresses', () => {
  it('keeps the first letter and the domain of an address', () => {
    expect(maskEmailAddressesIn('jane@example.com')).toBe('j***@example.com');
    expect(maskEmailAddressesIn('a.long+tag@mail.example.co.uk')).toBe('a***@mail.example.co.uk');
  });

  it('masks every address inside a longer text, brackets and quotes included', () => {
    expect(
      maskEmailAddressesIn(
        `Can't send mail - all recipients were rejected: 550 <ada@example.test>: "bo@x.io"`,
      ),
    ).toBe(`Can't send mail - all recipients were rejected: 550 <a***@example.test>: "b***@x.io"`);
  });

  it('leaves text without an address alone', () => {
    expect(maskEmailAddressesIn('connect ECONNREFUSED 127.0.0.1:1025 @ noon')).toBe(
      'connect ECONNREFUSED 127.0.0.1:1025 @ noon',
    );
  });

  it('walks objects and arrays, keys included, leaving numbers, booleans and null as they are', () => {
    const job = {
      template: 'password-reset',
      to: 'ada@example.test',
      data: { firstName: 'Ada', minutes: 30, urls: ['https://x.test/a', 'cc: bo@example.test'] },
      urgent: false,
      note: null,
      'ada@example.test': 1,
    };

    expect(maskEmailAddresses(job)).toEqual({
      template: 'password-reset',
      to: 'a***@example.test',
      data: { firstName: 'Ada', minutes: 30, urls: ['https://x.test/a', 'cc: b***@example.test'] },
      urgent: false,
      note: null,
      'a***@example.test': 1,
    });
  });
});

describe('maskJobData', () => {
  it('hides reset links and verification codes, and masks the recipient', () => {
    expect(
      maskJobData({
        template: 'password-reset',
        to: 'ada@example.test',
        data: { firstName: 'Ada', resetUrl: 'https://x.test/reset-password/secret', minutes: 30 },
      }),
    ).toEqual({
      template: 'password-reset',
      to: 'a***@example.test',
      data: { firstName: 'Ada', resetUrl: '[hidden]', minutes: 30 },
    });
    expect(maskJobData({ template: 'verification-code', data: { code: '042917', minutes: 10 } })).toEqual({
      template: 'verification-code',
      data: { code: '[hidden]', minutes: 10 },
    });
  });

  it('hides the "lock my account" link of security mails', () => {
    expect(
      maskJobData({
        template: 'withdrawal-requested',
        data: { amount: '10.00', lockUrl: 'https://x.test/lock-account?token=secret' },
      }),
    ).toEqual({ template: 'withdrawal-requested', data: { amount: '10.00', lockUrl: '[hidden]' } });
  });

  it("keeps the job's origin readable: event id and type, request id", () => {
    const origin = {
      eventId: '0f8c2a54-3e7b-4d1a-9c6e-2b5f8a1d7e30',
      eventType: 'PasswordChanged',
      requestId: '5d2e9b71-8a4c-4f3e-b6d0-1c7a9e2f4b58',
    };

    expect(
      maskJobData({ template: 'password-reset', to: 'ada@example.test', data: { resetUrl: 'x' }, origin }),
    ).toEqual({
      template: 'password-reset',
      to: 'a***@example.test',
      data: { resetUrl: '[hidden]' },
      origin,
    });
  });
});
