import { z } from 'zod';

/** The transaction whose jobs are asked for: `/api/admin/transactions/{type}/{id}/jobs`. */
export const transactionJobsParams = z.object({
  type: z.enum(['deposit', 'withdrawal']),
  id: z.uuid(),
});
export type TransactionJobsParams = z.infer<typeof transactionJobsParams>;

/** BullMQ's states of a job, and `missing` for a mail that was queued but whose job is no longer in Redis. */
export const mailJobStates = [
  'waiting',
  'prioritized',
  'delayed',
  'active',
  'waiting-children',
  'completed',
  'failed',
  'unknown',
  'missing',
] as const;
export type MailJobState = (typeof mailJobStates)[number];

/** The mail job an event queued. */
export const transactionMailJob = z.object({
  id: z.string().describe("The BullMQ job id: the event's id"),
  queue: z.string(),
  template: z.string().describe('The mail template, which is also the job name'),
  state: z.enum(mailJobStates),
  attemptsMade: z.number().int().nonnegative().nullable().describe('Null when the job is missing'),
  boardUrl: z.string().describe('The job on the queue board (Bull Board), for staff sessions'),
});
export type TransactionMailJob = z.infer<typeof transactionMailJob>;

/** One event of the transaction in the member's account stream, and the mail job it queued, if any. */
export const transactionEventJobs = z.object({
  eventId: z.uuid(),
  type: z.string(),
  streamPosition: z.number().int().positive(),
  recordedAt: z.string().describe('ISO 8601, UTC'),
  actorRole: z.enum(['member', 'admin', 'auditor', 'system']).nullable(),
  requestId: z.string().nullable(),
  job: transactionMailJob.nullable().describe('Null when the event sent no mail'),
});
export type TransactionEventJobs = z.infer<typeof transactionEventJobs>;

/** A deposit's or a withdrawal's events, oldest first, each with its mail job. */
export const transactionJobs = z.object({
  type: z.enum(['deposit', 'withdrawal']),
  id: z.uuid(),
  userId: z.uuid(),
  events: z.array(transactionEventJobs),
});
export type TransactionJobs = z.infer<typeof transactionJobs>;
