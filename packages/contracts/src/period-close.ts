import { z } from 'zod';
import { sealedPosition } from './read-models.js';

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const timestamp = z.string().describe('ISO 8601, UTC');
const hash = z.string().regex(/^[0-9a-f]{64}$/);

export const PERIOD_FORMAT_MESSAGE = 'Enter a day as YYYY-MM-DD or a month as YYYY-MM';

/** A UTC day (2026-11-26) or month (2026-11) that really is on the calendar. */
export const periodSchema = z
  .string({ error: PERIOD_FORMAT_MESSAGE })
  .trim()
  .refine((text) => periodBounds(text) !== null, PERIOD_FORMAT_MESSAGE);

export const closePeriodRequest = z.object({ period: periodSchema });
export type ClosePeriodRequest = z.infer<typeof closePeriodRequest>;

/** The instants a period runs between, from its start inclusive to its end exclusive; null when it is none. */
export function periodBounds(period: string): { kind: 'day' | 'month'; from: Date; to: Date } | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(period);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), match[3] ? Number(match[3]) : null];
  if (year < 2000 || month < 1 || month > 12) return null;
  if (day === null) {
    return {
      kind: 'month',
      from: new Date(Date.UTC(year, month - 1, 1)),
      to: new Date(Date.UTC(year, month, 1)),
    };
  }
  const from = new Date(Date.UTC(year, month - 1, day));
  if (from.getUTCMonth() !== month - 1 || from.getUTCDate() !== day) return null;
  return { kind: 'day', from, to: new Date(Date.UTC(year, month - 1, day + 1)) };
}

/** The last event a close counted: its place in the log and in its stream's hash chain. */
export const closedLastEvent = z.object({
  position: z.string().describe("The event's global position in the log"),
  event_id: z.uuid(),
  stream_id: z.string(),
  stream_position: z.number().int().positive(),
  recorded_at: timestamp,
  hash: hash.describe("The event's link in its stream's hash chain (SHA-256, hex)"),
});

/** One closed period as staff see it. */
export const closedPeriod = z.object({
  period: z.string().describe('2026-11-26 (a UTC day) or 2026-11 (a UTC month)'),
  kind: z.enum(['day', 'month']),
  from: timestamp.describe('Start of the period, inclusive'),
  to: timestamp.describe('End of the period, exclusive: the close counts every event recorded before it'),
  closed_at: timestamp,
  closed_by: z.uuid(),
  entries: z.number().int().nonnegative().describe('Journal entries counted'),
  members: z.number().int().nonnegative().describe('Members counted in the proof of liabilities'),
  leaves: z.number().int().nonnegative().describe('Leaves of its tree: each member has the same number'),
  member_liabilities: money.describe('What members were owed at the close: the published total'),
  root: hash.describe("The Merkle sum tree's root hash"),
  last_event: closedLastEvent.nullable().describe('Null when no account event came before the end'),
});
export type ClosedPeriod = z.infer<typeof closedPeriod>;

export const closedPeriodList = z.object({ periods: z.array(closedPeriod) });
export type ClosedPeriodList = z.infer<typeof closedPeriodList>;

export const closePeriodResponse = z.object({
  message: z.string(),
  period: closedPeriod,
  position: sealedPosition
    .nullable()
    .describe('Null when the period was already closed by this very request'),
});
export type ClosePeriodResponse = z.infer<typeof closePeriodResponse>;

/** What anyone may read of a close: no member's id or balance. */
export const publishedLiabilities = z.object({
  period: z.string(),
  to: timestamp.describe('The balances are those just before this instant'),
  published_at: timestamp,
  members: z.number().int().nonnegative(),
  leaves: z
    .number()
    .int()
    .nonnegative()
    .describe("Each member's balance is split over the same number of leaves"),
  total: money,
  root: hash,
});
export type PublishedLiabilities = z.infer<typeof publishedLiabilities>;

export const proofOfLiabilitiesResponse = z.object({ publications: z.array(publishedLiabilities) });
export type ProofOfLiabilitiesResponse = z.infer<typeof proofOfLiabilitiesResponse>;

/** Strict: a member's proof is their own, and asking for another's (`?user_id=`) is refused by name. */
export const memberProofQuery = z.strictObject({
  period: periodSchema.optional().describe('A closed period; the latest when absent'),
});

/** The member's own leaves, each a random part of their balance, and each leaf's path to the published root. */
export const memberLiabilityProof = z.object({
  period: z.string(),
  to: timestamp,
  root: hash,
  total: money,
  account_id: z.uuid(),
  balance: money.describe('What the member was owed at the close: the sum of their parts'),
  leaves: z.array(
    z.object({
      salt: z.string().describe('Random per leaf per close; keep it to yourself'),
      part: money,
      hash,
      path: z.array(z.object({ side: z.enum(['left', 'right']), hash, sum: money })),
    }),
  ),
});
export type MemberLiabilityProof = z.infer<typeof memberLiabilityProof>;

export const memberProofResponse = z.object({
  proof: memberLiabilityProof
    .nullable()
    .describe('Null before the first close, or when the account was not yet open'),
});
export type MemberProofResponse = z.infer<typeof memberProofResponse>;
