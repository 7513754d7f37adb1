import { describe, expect, it } from '@jest/globals';
import { accountEventTypeNames } from '@ledgerstone/contracts';
import { accountEventTypes } from '@ledgerstone/ledger';

describe('The account event types the timeline filter offers', () => {
  it("are the ledger's account event types, in the same order", () => {
    expect([...accountEventTypeNames]).toEqual(accountEventTypes);
  });
});
