import { badRequest, quoted, type Problem } from './problem.js';

/** A date (`2026-11-25`) or an instant with its offset (`2026-11-25T10:00Z`, seconds and their fractions optional). */
const MOMENT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * How long after a moment what the registry answered then is settled: an
 * update is logged when it is made and served by every process within a few
 * seconds, so a moment this close to now may still gain one.
 */
export const MOMENT_SETTLES_MS = 10_000;

/**
 * The moment of `/at/{moment}/` in ms since the epoch: a date stands for its
 * start in UTC. A moment that is not settled yet (in the future, or within
 * MOMENT_SETTLES_MS of now) is refused: its answers could still change, and
 * they are cached as never changing.
 */
export function parseMoment(text: string, now: number): number | Problem {
  const moment = momentOf(text);
  if (typeof moment !== 'number') return moment;
  if (moment > now - MOMENT_SETTLES_MS) {
    return {
      status: 404,
      code: 'moment_not_settled',
      detail: `${quoted(text)} is not settled yet: what the registry answers then may still change. Ask for a moment at least ${MOMENT_SETTLES_MS / 1000} s in the past.`,
    };
  }
  return moment;
}

/**
 * A moment as `/at/` and `since` take it, in ms since the epoch: a date (its
 * start in UTC) or an instant with its offset, on a day the calendar has;
 * else the problem saying what is taken. Read alike by every route, so that
 * no route reads a time in the server's own zone, or 2026-02-30 as 2 March.
 */
export function momentOf(text: string): number | Problem {
  const moment = MOMENT.test(text) && isCalendarDate(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(moment)) {
    return badRequest(`${quoted(text)} is no moment: give a date (2026-11-25) or an instant with its offset (2026-11-25T10:00:00Z).`);
  }
  return moment;
}

/** Whether the date a moment begins with is one the calendar has: Date.parse takes any day up to the 31st of every month (2026-02-30 as 2 March). */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC, which reads years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
