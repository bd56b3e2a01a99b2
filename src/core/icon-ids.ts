import { isValidName } from '../util/names.js';
import { MAX_BUNDLE_ICONS } from './bundle-limits.js';
import { badRequest, quoted, type Problem } from './problem.js';

/*
 * Lists of icons asked for by their global ids, `icons=mdi:home,lucide:trash`:
 * what a bundle and a batch of previews read from their query.
 */

/** An icon asked for by its global id. */
export interface IconId {
  pack: string;
  name: string;
}

export const idOf = (id: IconId) => `${id.pack}:${id.name}`;

/** The pack and the name of an id (`mdi:delete`), split at its first colon. */
export function iconIdParts(id: string): IconId {
  const colon = id.indexOf(':');
  return { pack: id.slice(0, colon), name: id.slice(colon + 1) };
}

/** A word `pack:rest` of a search's query, as people copy ids (`mdi:home`), where `pack` is a pack id: the search keeps to that pack. */
const PACK_SCOPED_WORD = /(?:^|\s)([a-z0-9]+(?:-[a-z0-9]+)*):(\S*)/;

/** A search's query without its pack-scoped word, and that word's pack, if `isPack` says it names one. */
export function packScopeOf(q: string, isPack: (id: string) => boolean): { q: string; pack?: string } {
  const match = PACK_SCOPED_WORD.exec(q.toLowerCase());
  if (!match || !isPack(match[1] as string)) return { q };
  return { q: `${q.slice(0, match.index)} ${match[2]} ${q.slice(match.index + match[0].length)}`, pack: match[1] as string };
}

/**
 * The packs a search keeps to: the one its `pack:word` names (`scoped`), if
 * the packs given hold it or none were given; else the packs given;
 * undefined for every pack.
 */
export function packsSearched(scoped: string | undefined, packs: readonly string[] | undefined): string[] | undefined {
  if (scoped === undefined) return packs && [...packs];
  return packs === undefined || packs.includes(scoped) ? [scoped] : [];
}

/**
 * The ids of `icons` (`pack:name`, separated by commas, in one or several
 * `icons` parameters), each once, sorted, so that the same set in any order
 * is one answer. An empty list, a malformed id or more than
 * MAX_BUNDLE_ICONS distinct ids is a 400 naming what is wrong, `asker`
 * being what needs them ("A bundle").
 */
export function iconIdsOf(query: URLSearchParams, asker: string): IconId[] | Problem {
  const seen = new Set<string>();
  const ids: IconId[] = [];
  for (const value of query.getAll('icons')) {
    for (const part of value.split(',')) {
      if (part === '' || seen.has(part)) continue;
      const { pack, name } = iconIdParts(part);
      if (!part.includes(':') || !isValidName(pack) || !isValidName(name)) {
        return badRequest(`${quoted(part)} is not an icon id: ids are 'pack:name', as in 'mdi:home', separated by commas.`);
      }
      if (seen.size === MAX_BUNDLE_ICONS) return tooMany(asker);
      seen.add(part);
      ids.push({ pack, name });
    }
  }
  if (ids.length === 0) return badRequest(`${asker} needs icons: 'icons=mdi:home,lucide:trash' (at most ${MAX_BUNDLE_ICONS} ids).`);
  ids.sort((a, b) => compare(a.pack, b.pack) || compare(a.name, b.name));
  return ids;
}

const tooMany = (asker: string): Problem => ({
  status: 400,
  code: 'too_many_icons',
  detail: `${asker} names at most ${MAX_BUNDLE_ICONS} icons; split the list into several requests.`,
});

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
