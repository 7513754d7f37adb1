import { describe, expect, it } from '@jest/globals';
import { messageIdOf } from './mail.processor.js';

describe('messageIdOf', () => {
  it("names the message after its job, at the sender's domain", () => {
    expect(
      messageIdOf('0b9d6a52-7f7e-4a4e-9c53-2f1f8d1c2e10', 'Ledgerstone <no-reply@ledgerstone.example>'),
    ).toBe('<0b9d6a52-7f7e-4a4e-9c53-2f1f8d1c2e10@ledgerstone.example>');
  });

  it('gives the same Message-ID to a job sent again', () => {
    expect(messageIdOf('e1', 'no-reply@ledgerstone.example')).toBe(
      messageIdOf('e1', 'no-reply@ledgerstone.example'),
    );
    expect(messageIdOf('e1', 'no-reply@ledgerstone.example')).toBe('<e1@ledgerstone.example>');
  });
});
