/**
 * A count as the page writes it, `12,345`: its digits grouped by threes with
 * commas, as `toLocaleString('en-US')` writes a whole number. Written out
 * rather than asked of Intl: a fresh page's first use of Intl loads ICU's
 * locale data, which held up the first screen of icons (bench/README.md).
 */
export function groupedCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}
