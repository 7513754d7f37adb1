import { BadRequestException } from '@nestjs/common';
import { z } from 'zod';
import { CORRECT_THE_FIELDS } from '../errors/domain-error.js';
import { issueMessage, zodFieldErrors } from './zod-field-errors.js';

/** Parses a request with its contract; a refusal leads with its first message, which the forms show as is. */
export function parseRequest<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const [first] = parsed.error.issues;
  throw new BadRequestException({
    message: first && first.code !== 'unrecognized_keys' ? issueMessage(first) : CORRECT_THE_FIELDS,
    fieldErrors: zodFieldErrors(parsed.error),
  });
}
