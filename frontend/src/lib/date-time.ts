const pad = (n: number) => String(n).padStart(2, '0');

// The member's first screens format dates by hand, the way en-US Intl.DateTimeFormat does: a tab's first use of
// Intl loads the locale data, about 200 ms in one task on a throttled phone CPU.
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function validDate(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a moment: "${iso}"`);
  return date;
}

const dateOf = (date: Date) => `${monthNames[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;

/** "Nov 20, 2026" in the browser's time zone (en-US, dateStyle medium). */
export const formatDate = (iso: string) => dateOf(validDate(iso));

/** "Nov 20, 2026, 3:30 PM" in the browser's time zone (en-US, dateStyle medium, timeStyle short). */
export function formatDateTime(iso: string): string {
  const date = validDate(iso);
  const hours = date.getHours();
  const time = `${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${dateOf(date)}, ${time}`;
}

let momentFormat: Intl.DateTimeFormat | undefined;
/** "Nov 20, 2026, 3:30 PM UTC": for a moment chosen in a local-time field, which names its zone. */
export function formatMoment(iso: string): string {
  momentFormat ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return momentFormat.format(new Date(iso));
}

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
