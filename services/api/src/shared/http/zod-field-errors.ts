import { z } from 'zod';

const UNKNOWN_FIELD = 'Unknown field';

/**
 * A refusal's messages by field. A strict contract's unknown keys are refused at the object that holds them: each
 * is named as a field of its own (`reserved`, or `figures.reserved` when nested), so the sender learns which.
 */
export function zodFieldErrors(error: z.ZodError): Record<string, string[]> {
  // A Map: a sent key may be `__proto__`, which a plain object would not keep as a field of its own.
  const fieldErrors = new Map<string, string[]>();
  const add = (field: string, message: string) =>
    fieldErrors.set(field, [...(fieldErrors.get(field) ?? []), message]);
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key].join('.'), UNKNOWN_FIELD);
    } else if (issue.path.length > 0) {
      add(String(issue.path[0]), issue.message);
    }
  }
  return Object.fromEntries(fieldErrors);
}

export const NOT_AN_OBJECT = 'Send the fields as a JSON object (Content-Type: application/json)';

/**
 * An issue's message as the sender should read it: a body that is no object at all (none, text, a list) is told
 * how to send one, instead of the validation library's "expected object, received undefined".
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  return issue.path.length === 0 && issue.code === 'invalid_type' && issue.expected === 'object'
    ? NOT_AN_OBJECT
    : issue.message;
}

/** The form-level messages: the issues of the whole object, but for unknown keys, which name their field. */
export function zodFormErrors(error: z.ZodError): string[] {
  return error.issues
    .filter((issue) => issue.path.length === 0 && issue.code !== 'unrecognized_keys')
    .map(issueMessage);
}
