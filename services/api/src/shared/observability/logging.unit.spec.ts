import { describe, expect, it } from '@jest/globals';
import { createRootLogger, PinoNestLogger, redactUrl } from './logging.js';

const TOKEN = 'Zm9vYmFyLXJlc2V0LXRva2VuLXRoYXQtbXVzdC1ub3QtYmUtbG9nZ2Vk';

describe('redactUrl', () => {
  it.each([
    [`/api/user/change/${TOKEN}`, '/api/user/change/[redacted]'],
    [`/api/admin/change/${TOKEN}?x=1`, '/api/admin/change/[redacted]?x=1'],
    [`/reset-password/${TOKEN}`, '/reset-password/[redacted]'],
    [`/admin-reset-password/${TOKEN}#top`, '/admin-reset-password/[redacted]#top'],
    // Express routes these whatever their case.
    [`/api/User/Change/${TOKEN}`, '/api/User/Change/[redacted]'],
    [`/API/ADMIN/CHANGE/${TOKEN}`, '/API/ADMIN/CHANGE/[redacted]'],
    [`/Reset-Password/${TOKEN}`, '/Reset-Password/[redacted]'],
  ])('hides the reset token in %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });

  it('hides secret query parameters and keeps the others', () => {
    expect(redactUrl(`/api/x?after=1:2&token=${TOKEN}&type=deposit&code=123456&api_key=k&sig=s`)).toBe(
      '/api/x?after=1:2&token=[redacted]&type=deposit&code=[redacted]&api_key=[redacted]&sig=[redacted]',
    );
  });

  it('leaves routes without secrets, and route patterns, as they are', () => {
    for (const url of ['/api/user/pass', '/api/admin/users/42?page=2', '/api/user/change/:token']) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it('hides tokens inside a longer text, such as a log message', () => {
    expect(redactUrl(`POST /api/user/change/${TOKEN} failed`)).toBe(
      'POST /api/user/change/[redacted] failed',
    );
  });
});

describe('the api logger', () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const root = createRootLogger('debug', {
      write: (chunk: string) => {
        for (const line of chunk.split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      },
    });
    return { root, lines, text: () => JSON.stringify(lines) };
  }

  it("redacts the URL in Nest's lines, such as the exception filter's, and in their stack", () => {
    const { root, lines, text } = capture();

    new PinoNestLogger(root).error(
      `POST /api/admin/change/${TOKEN} failed`,
      `Error: at /api/admin/change/${TOKEN}`,
      'HTTP',
    );

    expect(lines[0]).toMatchObject({ msg: 'POST /api/admin/change/[redacted] failed', context: 'HTTP' });
    expect(text()).not.toContain(TOKEN);
  });

  it('redacts secret fields of an object logged by hand, at the top and one level down', () => {
    const { root, text } = capture();

    root.info(
      {
        password: 'p4ssw0rd-top',
        token: TOKEN,
        user: { new_password: 'p4ssw0rd-nested', current_password: 'p4ssw0rd-current', name: 'Ada' },
        config: { cookieSecret: 'cookie-secret-value', metricsToken: 'metrics-token-value' },
      },
      'something happened',
    );

    const logged = text();
    for (const secret of [TOKEN, 'p4ssw0rd', 'cookie-secret-value', 'metrics-token-value']) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('Ada');
  });
});
