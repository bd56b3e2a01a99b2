/**
 * The packs a `prefix` or `prefixes` parameter selects, in `all`'s order, as
 * the reference's filterPrefixesByPrefixesQuery does: `prefix` exactly; in
 * `prefixes`, an entry ending with `-` matches every pack starting with it,
 * others exactly. Undefined when neither parameter is given.
 */
export function selectPrefixes(all: readonly string[], prefix: string | null, prefixes: string | null): string[] | undefined {
  if (prefix) return all.includes(prefix) ? [prefix] : [];
  if (!prefixes) return undefined;
  return all.filter(prefixFilter(prefixes.split(',')));
}

/**
 * The Iconify API's filter of packs by id, as its `prefixes` parameter and its
 * search's `prefix:` read it: an id equal to one of `filters`, or starting with
 * one that ends with `-` (`mdi-` selects `mdi-light`).
 */
export function prefixFilter(filters: readonly string[]): (id: string) => boolean {
  const exact = new Set(filters);
  const partial = filters.filter((entry) => entry.endsWith('-'));
  return (id) => exact.has(id) || partial.some((start) => id.startsWith(start));
}
