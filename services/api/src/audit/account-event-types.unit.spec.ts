import { describe, expect, it } from '@jest/globals';
import { accountEventTypeNames, securityEventTypeNames } from '@ledgerstone/contracts';
import { accountEventTypes, securityEventTypes } from '@ledgerstone/ledger';

describe('The account event types the timeline filter offers', () => {
  it("are the ledger's account event types, in the same order", () => {
    expect([...accountEventTypeNames]).toEqual(accountEventTypes);
  });

  it("and then the ledger's security event types of the identity stream, in the same order", () => {
    expect([...securityEventTypeNames]).toEqual([...securityEventTypes]);
  });
});
