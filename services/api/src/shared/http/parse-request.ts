import { BadRequestException } from '@nestjs/common';
import { z } from 'zod';
import { CORRECT_THE_FIELDS } from '../errors/domain-error.js';

/** Parses a request with its contract; a refusal leads with its first message, which the forms show as is. */
export function parseRequest<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const { fieldErrors } = z.flattenError(parsed.error);
  throw new BadRequestException({
    message: parsed.error.issues[0]?.message ?? CORRECT_THE_FIELDS,
    fieldErrors: Object.fromEntries(Object.entries(fieldErrors).filter(([, errors]) => errors !== undefined)),
  });
}
