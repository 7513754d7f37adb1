const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** Staff see the second an event was recorded. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** The UTC calendar day of a moment, YYYY-MM-DD. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last 30 UTC days, today included. */
export function lastThirtyDays(today: Date): { from: string; to: string } {
  return { from: utcDay(new Date(today.getTime() - 29 * DAY_MS)), to: utcDay(today) };
}
