/** The months as the page names them: British English's abbreviations, `Sept` (not `Sep`) as en-GB writes it. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * A moment as the page writes it, in UTC to the minute: `3 Sept 2026, 05:07`,
 * as `toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short',
 * timeZone: 'UTC' })` writes it. Written out rather than asked of Intl, as
 * counts are (see src/core/grouped-count.ts).
 */
export function utcMinute(iso: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return 'Invalid Date';
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${moment.getUTCDate()} ${MONTHS[moment.getUTCMonth()]} ${moment.getUTCFullYear()}, ${twoDigits(moment.getUTCHours())}:${twoDigits(moment.getUTCMinutes())}`;
}
