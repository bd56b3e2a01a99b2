import { quoted, type Problem } from '../../core/problem.js';
import type { Registry } from '../../registry/registry.js';
import { type AskedIcon, idOf } from './icon-ids.js';
import { MAX_SUGGESTED_MISSES } from './limits.js';

/** An icon a tool call asked for and did not find: why, and what it may have meant. */
export interface Missing {
  id: string;
  code: string;
  detail: string;
  suggestions?: string[];
}

/**
 * What each icon not found lacked, as the HTTP routes say it: an unknown
 * pack or revision by the problem given, a name a pack lacks by its miss,
 * with the pack's closest names for the first MAX_SUGGESTED_MISSES of them
 * (each is a bounded search where searches run), plainly for the others.
 */
export async function missingIcons(registry: Registry, absent: ReadonlyArray<{ icon: AskedIcon; problem?: Problem }>): Promise<Missing[]> {
  let suggested = 0;
  return Promise.all(
    absent.map(async ({ icon, problem }): Promise<Missing> => {
      const id = idOf(icon);
      if (problem) return missingOf(id, problem);
      if (icon.version === undefined && suggested++ < MAX_SUGGESTED_MISSES) {
        const resource = await registry.respond({ kind: 'icon', pack: icon.pack, name: icon.name });
        if (resource.problem) return missingOf(id, resource.problem);
      }
      const at = icon.version === undefined ? '' : ` at ${quoted(icon.version)}`;
      return { id, code: 'icon_not_found', detail: `Pack ${quoted(icon.pack)}${at} has no icon ${quoted(icon.name)}.` };
    }),
  );
}

function missingOf(id: string, problem: Problem): Missing {
  return { id, code: problem.code, detail: problem.detail, ...(problem.suggestions?.length ? { suggestions: problem.suggestions } : {}) };
}
