import { sealedPosition } from '@ledgerstone/contracts';
import { z } from 'zod';

/** How the summary of a route that waits for `?after=` ends. */
export const AFTER =
  ' Takes ?after=<position> from a command to wait (up to 2 s) until the answer reflects it.';

/** `?after=` as the document lists it; the query functions parse it themselves (shared/database/read-your-writes). */
export const afterQuery = z.object({
  after: sealedPosition
    .optional()
    .describe('The `position` of a command: the answer waits (up to 2 s) until it reflects it'),
});
