import { z } from 'zod';
import { amountSchema, reasonSchema } from './accounts.js';
import { momentParameter } from './statement.js';
import { text } from './text.js';

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const timestamp = z.string().describe('ISO 8601, UTC');

export const RECONCILIATION_CSV_MAX = 100_000;
export const RECONCILIATION_METHODS_MAX = 100;

export const reconciliationStatuses = ['matched', 'difference', 'resolved'] as const;
export type ReconciliationStatus = (typeof reconciliationStatuses)[number];

export const reconciliationMessages = {
  recorded: 'Reconciliation recorded.',
  resolved: 'Difference resolved.',
  tooManyMethods: `At most ${RECONCILIATION_METHODS_MAX} payment methods`,
  notFound: 'There is no reconciliation for this day.',
} as const;

/** A reconciliation is named by its UTC day, YYYY-MM-DD: its cutoff's year has four digits (and money moved). */
const cutoff = momentParameter
  .refine((moment) => {
    const year = new Date(moment).getUTCFullYear();
    // A moment that is no date at all has its own message already.
    return Number.isNaN(year) || (year >= 1970 && year <= 9999);
  }, 'must be between 1970 and 9999')
  .describe(
    'When the balances were read (ISO 8601 with offset, not in the future); its UTC day is the reconciliation',
  );

/** What operations found held at the cutoff: an amount per payment method id, every payment method once. */
export const recordReconciliationRequest = z.object({
  cutoff,
  held: z
    .record(text({ label: 'Payment method', max: 64 }), amountSchema)
    .refine(
      (held) => Object.keys(held).length <= RECONCILIATION_METHODS_MAX,
      reconciliationMessages.tooManyMethods,
    )
    .describe('Payment method id -> the balance held, a decimal string ("3400.00")'),
});
export type RecordReconciliationRequest = z.infer<typeof recordReconciliationRequest>;

/** The same as a CSV: a header `payment_method,amount`, then one row per payment method (its name or id). */
export const importReconciliationRequest = z.object({
  cutoff,
  csv: text({
    label: 'CSV',
    max: RECONCILIATION_CSV_MAX,
    multiline: true,
  }).min(1, 'CSV is required'),
});
export type ImportReconciliationRequest = z.infer<typeof importReconciliationRequest>;

export const resolveReconciliationRequest = z.object({ reason: reasonSchema });
export type ResolveReconciliationRequest = z.infer<typeof resolveReconciliationRequest>;

export const reconciliationMethod = z.object({
  payment_method_id: z.string(),
  name: z.string().describe('"BITCOIN (bitcoin)", or the id of a method the catalog no longer knows'),
  held: money,
  custody: money.describe("The journal's custody account at the cutoff"),
  difference: money.describe('Held less custody'),
});

const staffMember = z.object({ id: z.uuid(), name: z.string() });

export const reconciliation = z.object({
  id: z.iso.date().describe('The UTC day of the cutoff'),
  cutoff: timestamp,
  status: z.enum(reconciliationStatuses),
  methods: z.array(reconciliationMethod),
  unassigned_custody: money.describe('Custody the journal could not place with a payment method'),
  held: money,
  custody: money,
  member_liabilities: money.describe('What the platform owed its members at the cutoff'),
  held_less_liabilities: money.describe('Held less member liabilities: below zero is a shortfall'),
  journal_entries: z.number().int().nonnegative(),
  entered_by: staffMember,
  entered_at: timestamp,
  resolution: z
    .object({ by: staffMember, reason: z.string(), at: timestamp })
    .nullable()
    .describe('Who resolved the difference, why and when; null while open or when it matched'),
});
export type Reconciliation = z.infer<typeof reconciliation>;

export const reconciliationList = z.object({
  reconciliations: z.array(reconciliation).describe('Newest day first'),
  open_differences: z.number().int().nonnegative(),
  payment_methods: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .describe('Every payment method of the catalog, in display order: a new entry gives each a held balance'),
});
export type ReconciliationList = z.infer<typeof reconciliationList>;

export const reconciliationRecorded = z.object({ message: z.string(), reconciliation });
export type ReconciliationRecorded = z.infer<typeof reconciliationRecorded>;
