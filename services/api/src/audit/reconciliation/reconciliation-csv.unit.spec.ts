import { describe, expect, it } from '@jest/globals';
import { heldFromCsv } from './reconciliation-csv.js';

const BITCOIN = { id: '061f5e86-febe-4dbb-b2ad-e21c0fffbc9f', name: 'BITCOIN' };
/** A method an admin named after another method's id. */
const LOOKALIKE = { id: '2b1e6c0a-5d4f-4a8e-9c3b-7f6e5d4c3b2a', name: BITCOIN.id };

describe('heldFromCsv', () => {
  it('Given a method named after another method id, When rows name both by id, Then each id is its own method', () => {
    const csv = `payment_method,amount\n${BITCOIN.id.toUpperCase()},1500.00\n${LOOKALIKE.id},1.00\n`;

    expect(heldFromCsv(csv, [BITCOIN, LOOKALIKE])).toEqual({
      ok: true,
      held: { [BITCOIN.id]: 150_000n, [LOOKALIKE.id]: 100n },
    });
  });

  it('still reads a method by its name, in any case', () => {
    expect(heldFromCsv('bitcoin,2.50', [BITCOIN])).toEqual({ ok: true, held: { [BITCOIN.id]: 250n } });
  });
});
