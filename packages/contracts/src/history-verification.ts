import { z } from 'zod';

/** What walking the hash chains found: the whole store, or one member's account stream. */
export const historyVerification = z.object({
  ok: z.boolean(),
  streams: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  headHash: z
    .string()
    .nullable()
    .describe(
      "One stream: the hash of its newest event. The whole store: sha256 over every stream's id, head position and head hash. Null when there are no events.",
    ),
  brokenAt: z
    .object({ streamId: z.string(), position: z.number().int().positive(), reason: z.string() })
    .nullable()
    .describe(
      'The first broken link: the first stream (by id) and position whose event was altered or is missing',
    ),
});
export type HistoryVerification = z.infer<typeof historyVerification>;
