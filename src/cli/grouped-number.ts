let formatter: Intl.NumberFormat | undefined;

/**
 * `12345` as `12,345`, for the lines a build or an export prints. The formatter
 * is made on first use: making one pages in ICU's locale data, several MB of
 * resident memory that a server which builds nothing would otherwise keep.
 */
export function groupedNumber(value: number): string {
  formatter ??= new Intl.NumberFormat('en-US');
  return formatter.format(value);
}
