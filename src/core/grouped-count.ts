/**
 * A count as the registry writes it for people, `12,345`: the digits of a
 * whole number grouped by threes with commas, as `toLocaleString('en-US')`
 * writes it. Written out rather than asked of Intl, whose first use loads
 * ICU's locale data: in a fresh page that held up the first screen of icons
 * (bench/README.md), and in a server that builds nothing it would be
 * megabytes kept for one line.
 */
export function groupedCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}
