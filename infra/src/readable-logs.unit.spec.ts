import { describe, expect, it } from '@jest/globals';
import { readableLogLine } from './readable-logs.js';

const format = readableLogLine(false);
const at = new Date(2026, 10, 22, 5, 4, 7).toISOString();

describe('readable log lines', () => {
  it('shows a request as method, path, status and time', () => {
    const line = JSON.stringify({
      level: 'info',
      time: at,
      pid: 1,
      hostname: 'vm',
      name: 'api',
      reqId: 'b4601b3c',
      req: { method: 'GET', url: '/api/health', remoteAddress: '::1' },
      res: { statusCode: 200 },
      responseTime: 8,
      msg: 'request completed',
    });
    expect(format(line)).toBe('[05:04:07] INFO: GET /api/health 200 in 8 ms\n');
  });

  it('puts the context before the message and keeps the other fields', () => {
    const line = JSON.stringify({
      level: 'warn',
      time: at,
      service: 'mailer',
      context: 'MailWorker',
      jobId: 'job-1',
      msg: 'retrying',
    });
    expect(format(line)).toBe('[05:04:07] WARN: MailWorker: retrying {"jobId":"job-1"}\n');
  });

  it('leaves a line that is not JSON as it is', () => {
    expect(format('maildev: listening on 1025')).toBe('maildev: listening on 1025\n');
  });
});
