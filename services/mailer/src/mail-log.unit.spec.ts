import { describe, expect, it } from '@jest/globals';
import { jobFields, loggableError, maskAddresses } from './mail-log.js';

describe('jobFields', () => {
  it('given a job with an origin, names the job, its template and the event and request behind it', () => {
    const job = {
      id: 'e1',
      name: 'deposit-confirmed',
      data: {
        template: 'deposit-confirmed',
        to: 'ada@example.test',
        data: { firstName: 'Ada', amount: '1.00' },
        origin: { eventId: 'e1', eventType: 'DepositConfirmed', requestId: 'r1' },
      },
    };

    expect(jobFields(job)).toEqual({
      jobId: 'e1',
      template: 'deposit-confirmed',
      eventId: 'e1',
      eventType: 'DepositConfirmed',
      requestId: 'r1',
    });
  });

  it('given a job queued before origins existed, names the job and its template only', () => {
    const job = {
      id: 'j1',
      name: 'password-reset',
      data: { template: 'password-reset', to: 'a@b.test', data: {} },
    };

    expect(jobFields(job)).toEqual({ jobId: 'j1', template: 'password-reset' });
  });

  it('given malformed data, still names the job by its id and name', () => {
    expect(jobFields({ id: 'j2', name: 'mail', data: { template: 7, origin: 'nope' } })).toEqual({
      jobId: 'j2',
      template: 'mail',
    });
    expect(jobFields({ id: 'j3', name: 'mail', data: null })).toEqual({ jobId: 'j3', template: 'mail' });
    expect(jobFields(undefined)).toEqual({});
  });
});

describe('loggableError', () => {
  it('masks the addresses an SMTP refusal names and drops the recipient lists', () => {
    const refused = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <ada@example.test>: User unknown"),
      {
        code: 'EENVELOPE',
        responseCode: 550,
        command: 'RCPT TO',
        rejected: ['ada@example.test'],
        response: '550 5.1.1 <ada@example.test>: User unknown',
      },
    );

    const logged = loggableError(refused);

    expect(logged).toBeInstanceOf(Error);
    expect({ ...logged }).toEqual({
      message: "Can't send mail - all recipients were rejected: 550 5.1.1 <<address>>: User unknown",
      stack: expect.any(String),
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
    });
    expect(JSON.stringify(logged)).not.toContain('ada@example.test');
  });

  it('keeps the class of the error', () => {
    class UnrecoverableError extends Error {}

    expect(loggableError(new UnrecoverableError('bad template')).constructor.name).toBe('UnrecoverableError');
  });

  it('keeps the text of an error that names no address', () => {
    expect(maskAddresses('connect ECONNREFUSED 127.0.0.1:1025')).toBe('connect ECONNREFUSED 127.0.0.1:1025');
  });
});
