import type { IconifyAlias, IconifyIcon } from '@iconify/types';

import { MAX_RESOLVED_CHAIN, type StoredEntry } from '../resolve-icon.js';

/**
 * The Iconify API's answer to `/{prefix}.json?icons=...`: the set's root
 * fields, the icons asked for (and the icons their aliases lead to), every
 * alias on the way verbatim (a character code as an alias of its icon), and
 * `not_found` for names that are none of these. Ported from the reference's
 * getIconsToRetrieve and getStoredIconsData; `entryOf` reads one entry.
 */
export function iconData(root: Record<string, unknown>, names: readonly string[], entryOf: (name: string) => StoredEntry | undefined): Record<string, unknown> {
  const icons: Record<string, IconifyIcon> = Object.create(null);
  const aliases: Record<string, IconifyAlias> = Object.create(null);
  const resolve = (start: string) => {
    let name = start;
    for (let step = 0; step < MAX_RESOLVED_CHAIN; step++) {
      const entry = entryOf(name);
      if (!entry) return;
      if ('icon' in entry) {
        icons[name] = entry.icon;
        return;
      }
      const parent = 'alias' in entry ? entry.alias.parent : entry.char;
      aliases[name] = 'alias' in entry ? entry.alias : { parent };
      name = parent;
    }
  };
  for (const name of names) resolve(name);
  // With nothing found, the reference sends the names as given; otherwise each missing one once.
  const found = Object.keys(icons).length > 0;
  const missing = found ? [...new Set(names.filter((name) => !(name in icons) && !(name in aliases)))] : [...names];
  // The reference's key order: prefix, lastModified, aliases, the set's dimensions, icons, not_found.
  const { prefix, lastModified, ...dimensions } = root;
  const answer: Record<string, unknown> = { prefix, ...(lastModified ? { lastModified } : {}), aliases, ...dimensions, icons };
  if (!found || missing.length > 0) answer.not_found = missing;
  return answer;
}
