import { beforeAll } from '@jest/globals';

const DAY_MS = 86_400_000;
const MARGIN_MS = 90_000;

// Integration suites read days off a fake clock that starts at the real time, while PostgreSQL stamps events
// with its own: a suite running across midnight UTC would see two different days. None starts in the last
// 90 seconds of a UTC day; it waits for the new day instead.
beforeAll(async () => {
  const untilMidnight = DAY_MS - (Date.now() % DAY_MS);
  if (untilMidnight < MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));
}, MARGIN_MS + 30_000);
