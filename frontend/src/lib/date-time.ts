const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeZoneFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Nov 20, 2026, 3:30 PM" in the browser's time zone. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
/** "Nov 20, 2026, 3:30 PM UTC": for a moment chosen in a local-time field, which names its zone. */
export const formatMoment = (iso: string) => dateTimeZoneFormat.format(new Date(iso));

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a datetime-local field shows it: local time, to the minute ("2026-11-20T15:30"). */
export function toLocalInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The start of the local minute a datetime-local field holds, or undefined when it holds no date and time. */
function localMinute(value: string): Date | undefined {
  // Browsers may add seconds; the field works to the minute.
  const minute = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.exec(value)?.[0];
  if (!minute) return undefined;
  // A date-time without an offset is read as local time.
  const start = new Date(minute);
  return Number.isNaN(start.getTime()) ? undefined : start;
}

/** The field's local minute as an ISO UTC moment, its first millisecond; undefined when empty or invalid. */
export const fromLocalInputValue = (value: string): string | undefined => localMinute(value)?.toISOString();

/**
 * The field's local minute as an ISO UTC moment, its last millisecond: screens show times to the minute, so
 * "as of 3:30 PM" includes an event they list at 3:30 PM.
 */
export function fromLocalInputValueEndOfMinute(value: string): string | undefined {
  const start = localMinute(value);
  return start && new Date(start.getTime() + 59_999).toISOString();
}
