import type { IconifyAlias, IconifyInfo, IconifyJSON } from '@iconify/types';

/**
 * What the Iconify API's routes need of a pack, stored apart from the
 * registry's own documents so that no request loads a whole pack: the set's
 * root fields, its info as /collections lists it, and every icon, alias and
 * character code verbatim, one row each.
 */
export interface IconifyView {
  /** `prefix`, and `lastModified`, `left`, `top`, `width`, `height` where the set has them (truthy), as JSON. */
  root: string;
  /** The set's info with `total` counted as the Iconify API counts it, as JSON. */
  info: string;
  /** Name and entry JSON: `{"icon":{...}}`, `{"alias":{...}}` or `{"char":"target"}`. */
  entries: Array<[string, string]>;
}

/** Root fields the Iconify API copies into every icon data answer, when truthy in the set. */
const ROOT_FIELDS = ['lastModified', 'left', 'top', 'width', 'height'] as const;
/** Props that make an alias an icon of its own in the Iconify API's count (defaultIconProps of @iconify/utils). */
const TRANSFORMING_PROPS = ['left', 'top', 'width', 'height', 'rotate', 'vFlip', 'hFlip'] as const;

/**
 * The Iconify view of a validated pack (`data` as validateIconSet left it,
 * before the registry fills in default sizes).
 */
export function iconifyViewOf(data: IconifyJSON, aliases: NonNullable<IconifyJSON['aliases']>, info: IconifyInfo): IconifyView {
  const root: Record<string, unknown> = { prefix: data.prefix };
  for (const field of ROOT_FIELDS) if (data[field]) root[field] = data[field];
  const entries: Array<[string, string]> = [];
  for (const [name, icon] of Object.entries(data.icons)) entries.push([name, JSON.stringify({ icon })]);
  for (const [name, alias] of Object.entries(aliases)) entries.push([name, JSON.stringify({ alias })]);
  const known = new Set(entries.map(([name]) => name));
  for (const [char, target] of Object.entries(data.chars ?? {})) {
    if (!known.has(char) && typeof target === 'string' && known.has(target)) entries.push([char, JSON.stringify({ char: target })]);
  }
  return { root: JSON.stringify(root), info: JSON.stringify({ ...info, total: visibleTotal(data, aliases) }), entries };
}

/**
 * Visible icons, plus visible aliases that are icons of their own (with a
 * transformation or another visibility than their parent), as the Iconify
 * API's generateIconSetIconsTree counts them.
 */
function visibleTotal(data: IconifyJSON, aliases: NonNullable<IconifyJSON['aliases']>): number {
  const visible = new Map<string, boolean>();
  let total = 0;
  for (const [name, icon] of Object.entries(data.icons)) {
    visible.set(name, !icon.hidden);
    if (!icon.hidden) total++;
  }
  const visibility = (name: string, seen: Set<string>): boolean | undefined => {
    const known = visible.get(name);
    if (known !== undefined) return known;
    const alias = aliases[name] as (IconifyAlias & { hidden?: boolean }) | undefined;
    if (!alias || seen.has(name)) return undefined;
    seen.add(name);
    const parent = visibility(alias.parent, seen);
    if (parent === undefined) return undefined;
    const own = typeof alias.hidden === 'boolean' ? !alias.hidden : parent;
    visible.set(name, own);
    const transformed = TRANSFORMING_PROPS.some((prop) => alias[prop] !== undefined);
    if ((transformed || own !== parent) && own) total++;
    return own;
  };
  for (const name of Object.keys(aliases)) visibility(name, new Set());
  return total;
}
