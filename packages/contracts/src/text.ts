import { z } from 'zod';

/** Control characters (C0, DEL and C1) but tab, line feed and carriage return. */
const CONTROL = /[^\P{Cc}\t\n\r]/u;
/** Control characters but line feed and carriage return, which a single line refuses as line breaks. */
const CONTROL_OR_TAB = /[^\P{Cc}\n\r]/u;
const LINE_BREAK = /[\n\r\u2028\u2029]/;
/**
 * Half of a surrogate pair without the other half: it encodes no character, UTF-8 cannot carry it and
 * PostgreSQL refuses it in JSON, as it refuses NUL anywhere.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export interface TextOptions {
  /** At most this many characters (UTF-16 code units, as an input's `maxlength` counts them), after trimming. */
  max: number;
  /**
   * Names the field in the messages ("First name must be at most 100 characters"), and says "First name is
   * required" of a value that is no string.
   */
  label?: string;
  /** Line breaks and tabs are text (a message body, a reason); elsewhere they are refused. */
  multiline?: boolean;
  /** Leading and trailing white space is dropped, except in passwords. */
  trim?: boolean;
  /** The message of a value over `max`, where the field has one of its own. */
  tooLong?: string;
  /** The message of a value that is not a string, where the field has one of its own. */
  error?: string;
}

/** "First name is required": the field left empty, or sent as no string. */
export const requiredMessage = (label: string) => `${label} is required`;

function textMessages(label?: string) {
  const subject = label ?? 'This field';
  return {
    required: requiredMessage(subject),
    controlCharacters: `${subject} must not contain control characters`,
    singleLine: `${subject} must be a single line`,
    invalidText: `${subject} must be valid text`,
    tooLong: (max: number) => `${subject} must be at most ${max} characters`,
  };
}

/**
 * Every text a request carries: a string of at most `max` characters without control characters (tab and line
 * breaks only where `multiline`) and without lone surrogates, each refused with a message naming the field.
 * Chain `.min()`, `.regex()` or `.pipe()` for what the field asks beyond that.
 */
export function text({ max, label, multiline = false, trim = true, tooLong, error }: TextOptions) {
  const messages = textMessages(label);
  const string = z.string({ error: error ?? messages.required });
  return (trim ? string.trim() : string)
    .refine((value) => multiline || !LINE_BREAK.test(value), messages.singleLine)
    .refine((value) => !(multiline ? CONTROL : CONTROL_OR_TAB).test(value), messages.controlCharacters)
    .refine((value) => !LONE_SURROGATE.test(value), messages.invalidText)
    .max(max, tooLong ?? messages.tooLong(max));
}

/**
 * A whole number in a query string, in decimal digits only: `Number()`, which `z.coerce` uses, would also take a
 * sign, an exponent, hex, binary and white space or control characters around the digits. Whatever is wrong with
 * it, one message names the field and the range.
 */
export function wholeNumber(label: string, { min, max }: { min: number; max: number }) {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: message })
    .regex(/^[0-9]{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/** A whole number in a query string (see `wholeNumber`), `fallback` when absent. */
export function wholeNumberParameter(
  label: string,
  { min, max, fallback }: { min: number; max: number; fallback: number },
) {
  return wholeNumber(label, { min, max }).prefault(String(fallback));
}
