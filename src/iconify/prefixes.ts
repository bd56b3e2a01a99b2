/**
 * The packs a `prefix` or `prefixes` parameter selects, in `all`'s order, as
 * the reference's filterPrefixesByPrefixesQuery does: `prefix` exactly; in
 * `prefixes`, an entry ending with `-` matches every pack starting with it,
 * others exactly. Undefined when neither parameter is given.
 */
export function selectPrefixes(all: readonly string[], prefix: string | null, prefixes: string | null): string[] | undefined {
  if (prefix) return all.includes(prefix) ? [prefix] : [];
  if (!prefixes) return undefined;
  const wanted = prefixes.split(',');
  const exact = new Set(wanted.filter((entry) => !entry.endsWith('-')));
  const partial = wanted.filter((entry) => entry.endsWith('-'));
  return all.filter((id) => exact.has(id) || partial.some((start) => id.startsWith(start)));
}
