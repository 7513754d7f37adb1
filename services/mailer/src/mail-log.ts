import type { Job } from 'bullmq';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The fields naming a job in the logs: its id, template and, when the producer gave one, its origin (the event
 * and request behind it). Never its recipient or data. Read leniently: a malformed job is still logged.
 */
export function jobFields(job: Pick<Job, 'id' | 'name' | 'data'> | undefined): Record<string, string> {
  if (!job) return {};
  const data = (job.data ?? {}) as { template?: unknown; origin?: Record<string, unknown> | null };
  const origin = typeof data.origin === 'object' && data.origin !== null ? data.origin : {};
  const fields: Record<string, string | undefined> = {
    jobId: job.id,
    template: text(data.template) ?? job.name,
    eventId: text(origin.eventId),
    eventType: text(origin.eventType),
    requestId: text(origin.requestId),
  };
  return Object.fromEntries(
    Object.entries(fields).filter((field): field is [string, string] => field[1] !== undefined),
  );
}

const ADDRESS = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+/g;

export function maskAddresses(value: string): string {
  return value.replace(ADDRESS, '<address>');
}

/**
 * A failed send as the log may show it. SMTP servers name the refused recipient in their answer, which
 * nodemailer puts in the message and in properties of the error (`rejected`, `response`) that the log would
 * print: keep only the diagnostic ones, with any address masked. The copy has the error's prototype, so the
 * log still names its class.
 */
export function loggableError(error: Error): Error {
  const { code, responseCode, command } = error as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  return Object.assign(copy, {
    message: maskAddresses(error.message),
    stack: maskAddresses(error.stack ?? ''),
    ...(typeof code === 'string' && { code }),
    ...(typeof responseCode === 'number' && { responseCode }),
    ...(typeof command === 'string' && { command: maskAddresses(command) }),
  });
}
