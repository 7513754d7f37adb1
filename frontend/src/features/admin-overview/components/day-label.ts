// The API's days are UTC dates; show them as such, whatever the admin's time zone.
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "2026-10-30" as "Oct 30". */
export const formatDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
