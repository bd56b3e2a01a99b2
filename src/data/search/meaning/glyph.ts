import type { IconifyJSON } from '@iconify/types';
import { STYLE_WORDS } from '../../search-index/vocabulary/style-words.js';

/**
 * A pack's themes: those it declares in IconifyJSON's `prefixes` (`ic`:
 * `baseline-`, `outline-`, ...) and `suffixes` (`material-symbols`:
 * `-outline-rounded`; `fluent`: `-24-regular`; `heroicons`: `-20-solid`),
 * longest first so that `-outline-rounded` is taken whole before
 * `-rounded`; and for a pack that declares none, the style words its names
 * end with systematically (`mdi`: `-outline`; `bi`: `-fill`).
 */
export interface PackThemes {
  prefixes: readonly string[];
  suffixes: readonly string[];
  styleWords: ReadonlySet<string>;
}

/** A style word ends this many names of a pack beside the same name without it before it is taken for the pack's variant. */
const SYSTEMATIC_STYLE_NAMES = 10;

function longestFirst(keys: Iterable<string>): string[] {
  return [...keys].filter((key) => key !== '').sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/**
 * The style words a pack's names end with beside the same name without
 * them, at least SYSTEMATIC_STYLE_NAMES times: `mdi:home-outline` beside
 * `mdi:home` (1,900 times), but not `mdi:format-color-fill` beside
 * `mdi:format-color` (twice, and a paint bucket beside a palette).
 */
function systematicStyleWords(names: readonly string[]): Set<string> {
  const known = new Set(names);
  const counts = new Map<string, number>();
  for (const name of names) {
    const end = name.lastIndexOf('-');
    const word = name.slice(end + 1);
    if (end > 0 && STYLE_WORDS.has(word) && known.has(name.slice(0, end))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, count]) => count >= SYSTEMATIC_STYLE_NAMES).map(([word]) => word));
}

/** A pack's themes from its IconifyJSON (the empty key names the default theme and is left out). */
export function packThemesOf(
  data: Pick<IconifyJSON, 'prefixes' | 'suffixes'> & Partial<Pick<IconifyJSON, 'icons'>>,
  names: readonly string[] = Object.keys(data.icons ?? {}),
): PackThemes {
  const prefixes = longestFirst(Object.keys(data.prefixes ?? {}));
  const suffixes = longestFirst(Object.keys(data.suffixes ?? {}));
  const declared = prefixes.length > 0 || suffixes.length > 0;
  return { prefixes, suffixes, styleWords: declared ? new Set() : systematicStyleWords(names) };
}

/** The name without a declared theme suffix (once: `-outline-rounded`, or `-16-solid`), or the name. */
function withoutDeclaredSuffix(name: string, suffixes: readonly string[]): string {
  for (const suffix of suffixes) if (name.length > suffix.length + 1 && name.endsWith(`-${suffix}`)) return name.slice(0, -suffix.length - 1);
  return name;
}

function withoutDeclaredPrefix(name: string, prefixes: readonly string[]): string {
  for (const prefix of prefixes) if (name.length > prefix.length + 1 && name.startsWith(`${prefix}-`)) return name.slice(prefix.length + 1);
  return name;
}

/**
 * The glyph an icon draws, the key its variants share:
 * `material-symbols:house-outline-rounded` → `house`, `fluent:home-24-regular`
 * → `home`, `ic:baseline-home` → `home`, `mdi:home-outline` → `home`.
 *
 * A pack that declares its themes has them taken off, and nothing else:
 * in `ph`, whose themes are weights, `house-line` is a glyph of its own and
 * `house-line-bold` its bold variant. In a pack that declares none, its
 * systematic style words at the end are taken off where the pack holds the
 * name without them: `mdi:home-outline` joins `mdi:home`, `bi:house-fill`
 * joins `bi:house`. The first word is never taken (`tabler:bold` is a
 * glyph), and numbers stay unless declared as sizes (`lucide:clock-2` is
 * another drawing than `lucide:clock`).
 */
export function glyphKeyOf(name: string, themes: PackThemes, hasName: (name: string) => boolean): string {
  if (themes.prefixes.length > 0 || themes.suffixes.length > 0) return withoutDeclaredSuffix(withoutDeclaredPrefix(name, themes.prefixes), themes.suffixes);
  const words = name.split('-');
  // The longest run of style words at the end, the first word excepted.
  let start = words.length;
  while (start > 1 && themes.styleWords.has(words[start - 1] as string)) start--;
  // Drop as much of the run as leaves a name the pack has.
  for (let keep = start; keep < words.length; keep++) {
    const shorter = words.slice(0, keep).join('-');
    if (hasName(shorter)) return shorter;
  }
  return name;
}

/** A pack's icons grouped by glyph: each glyph key with its names, in the pack's order. */
export function glyphGroupsOf(names: readonly string[], themes: PackThemes): Map<string, string[]> {
  const known = new Set(names);
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const key = glyphKeyOf(name, themes, (other) => known.has(other));
    const group = groups.get(key);
    if (group) group.push(name);
    else groups.set(key, [name]);
  }
  return groups;
}
