/** How long sessions last: an absolute lifetime and an idle timeout, both enforced on the server. */
export interface SessionPolicy {
  /** Idle timeout of a session that ends with the browser. */
  idleMinutes: number;
  /** Idle timeout of a "remember me" session. */
  rememberedIdleDays: number;
}

export const REMEMBERED_SESSION_DAYS = 30;
/** A browser session is not meant to outlive a working day, even when kept busy. */
export const BROWSER_SESSION_HOURS = 12;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SessionTimes {
  persistent: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
}

export function sessionExpiry(startedAt: Date, persistent: boolean): Date {
  return new Date(
    startedAt.getTime() + (persistent ? REMEMBERED_SESSION_DAYS * DAY : BROWSER_SESSION_HOURS * HOUR),
  );
}

export function idleTimeoutMs(persistent: boolean, policy: SessionPolicy): number {
  return persistent ? policy.rememberedIdleDays * DAY : policy.idleMinutes * MINUTE;
}

export function isSessionLive(session: SessionTimes, now: Date, policy: SessionPolicy): boolean {
  if (session.endedAt) return false;
  if (session.expiresAt.getTime() <= now.getTime()) return false;
  return now.getTime() - session.lastSeenAt.getTime() < idleTimeoutMs(session.persistent, policy);
}

/** Recording every request's time would write on every read; a minute's precision is plenty for idling. */
export function shouldRecordActivity(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= MINUTE;
}
