import type { Cents } from '../money.js';

/** A calendar day in UTC: "2026-03-02". */
export type IsoDay = string;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const PERCENTAGE = /^(\d+)(?:\.(\d{1,2}))?$/;

export function isIsoDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}

export function dayOf(time: Date | string): IsoDay {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(day: IsoDay, days: number): IsoDay {
  return dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
}

/** Whole days from `from` to `to`: 1 for the next day, negative when `to` comes first. */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS);
}

/**
 * The plan's stated return on the principal, rounded half up to a cent once: "50" on 1,500.00 is 750.00.
 * Percentages have at most two decimals, as the catalog accepts them.
 */
export function statedReturn(principal: Cents, percentage: string): Cents {
  const match = PERCENTAGE.exec(percentage);
  if (!match) throw new Error(`Not a percentage: ${percentage}`);
  const [, whole = '', fraction = ''] = match;
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return (principal * hundredths + 5_000n) / 10_000n;
}

/**
 * The profit of day `dayNumber` (1 to `termDays`): the stated return divided evenly in whole cents, the
 * rounding remainder on the last day, so the days add up to the stated return exactly.
 */
export function dailyProfit(total: Cents, termDays: number, dayNumber: number): Cents {
  const term = BigInt(termDays);
  const daily = total / term;
  return dayNumber < termDays ? daily : total - daily * (term - 1n);
}

/** The closed form of the days' sum: the profit after `days` accrued days of the term. */
export function profitAfter(total: Cents, termDays: number, days: number): Cents {
  if (days <= 0) return 0n;
  return days >= termDays ? total : (total / BigInt(termDays)) * BigInt(days);
}

/**
 * The term's days, for an investment started at `startedAt`: the first is the day after the start, the
 * last the day it matures (`startedAt` plus the term), so each accrues once it is over.
 */
export function termDaysOf(startedAt: string, termDays: number): { first: IsoDay; last: IsoDay } {
  const start = dayOf(startedAt);
  return { first: addDays(start, 1), last: addDays(start, termDays) };
}
