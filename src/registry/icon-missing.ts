import { quoted, type Problem } from '../core/problem.js';

/**
 * The 404 of a name a pack lacks, with the closest names it has: as the pack
 * is served (`mdi:home`), or at the revision a pinned address names
 * (`lucide@1.2.100:trash`), each suggestion written as that address's id.
 */
export function iconMissing(pack: string, name: string, closest: readonly string[], version?: string): Problem {
  const at = version === undefined ? '' : ` at ${quoted(version)}`;
  const id = version === undefined ? pack : `${pack}@${version}`;
  return {
    status: 404,
    code: 'icon_not_found',
    detail: `Pack ${quoted(pack)}${at} has no icon ${quoted(name)}.`,
    suggestions: closest.map((close) => `${id}:${close}`),
  };
}
