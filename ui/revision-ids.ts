import { VERSION_MARK } from '../src/core/paths.js';

/*
 * How the page names an older revision's icons: `{pack}@{version}:{name}`,
 * so that an older glyph is never taken for the one served now (the icons
 * drawn, the grid's cells and the icon panel all tell them apart by that
 * id), and the pack's part of it is the pinned address's own.
 */

/** A pack as the page names it: its id, and the revision when it is an older one than the registry serves. */
export interface ShownPack {
  pack: string;
  revision?: string;
}

/** The page's name of a pack at a revision (`lucide@1.2.100`), or of the pack as served (`lucide`). */
export function shownPackId({ pack, revision }: ShownPack): string {
  return revision === undefined ? pack : `${pack}${VERSION_MARK}${revision}`;
}

/** The pack and revision of a name made by shownPackId. */
export function shownPackOf(id: string): ShownPack {
  const mark = id.indexOf(VERSION_MARK);
  return mark < 0 ? { pack: id } : { pack: id.slice(0, mark), revision: id.slice(mark + 1) };
}

/** An icon id's pack part (as shownPackId names it) and name, split at the last colon: a name holds none, a revision's name might. */
export function splitIconId(id: string): { pack: string; name: string } {
  const colon = id.lastIndexOf(':');
  return { pack: id.slice(0, colon), name: id.slice(colon + 1) };
}

/** Whether an icon id (`pack:name`) names a glyph of an older revision. */
export const isPinnedId = (id: string) => shownPackOf(splitIconId(id).pack).revision !== undefined;
