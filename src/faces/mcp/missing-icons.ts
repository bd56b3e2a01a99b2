import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Problem } from '../../core/problem.js';
import { toolProblem } from './tool-result.js';
import { iconMissing } from '../../registry/icon-missing.js';
import type { Registry } from '../../registry/registry.js';
import { type AskedIcon, idOf } from './icon-ids.js';
import { MAX_SUGGESTED_MISSES } from './limits.js';

/** An icon asked for and not found: the problem of its pack or version, or, when its pack is served, the revision its version resolved to. */
export interface Absent {
  icon: AskedIcon;
  problem?: Problem;
  revision?: string;
}

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
 * with the closest names of the pack (or of the revision it is pinned to)
 * for the first MAX_SUGGESTED_MISSES of them
 * (each is a bounded search where searches run), plainly for the others.
 */
export async function missingIcons(registry: Registry, absent: readonly Absent[]): Promise<Missing[]> {
  let suggested = 0;
  return Promise.all(
    absent.map(async ({ icon, problem, revision }): Promise<Missing> => {
      const id = idOf(icon);
      if (problem) return missingOf(id, problem);
      if (suggested++ < MAX_SUGGESTED_MISSES) {
        const found = await missOf(registry, icon, revision);
        if (found) return missingOf(id, found);
      }
      return missingOf(id, iconMissing(icon.pack, icon.name, [], icon.version));
    }),
  );
}

/** The problem an icon's address answers, with its closest names: pinned, those of the revision the version resolved to. */
async function missOf(registry: Registry, icon: AskedIcon, revision: string | undefined): Promise<Problem | undefined> {
  if (icon.version === undefined) return (await registry.respond({ kind: 'icon', pack: icon.pack, name: icon.name })).problem;
  if (revision === undefined) return undefined;
  const answer = await registry.pinnedAnswer({ kind: 'pinned', pack: icon.pack, version: revision, name: icon.name });
  return 'resource' in answer ? answer.resource.problem : undefined;
}

function missingOf(id: string, problem: Problem): Missing {
  return { id, code: problem.code, detail: problem.detail, ...(problem.suggestions?.length ? { suggestions: problem.suggestions } : {}) };
}

/** Misses a tool error names, at most, when none of the icons was found. */
const LISTED_MISSES = 10;

/**
 * The tool error of a call that found none of its icons: one miss is its own
 * problem; several are each named with their closest names, in the text and,
 * as `missing` lists them when some are found, in the structured content.
 */
export function noneFound(missing: readonly Missing[]): CallToolResult {
  const [only] = missing;
  if (missing.length === 1 && only)
    return toolProblem({ status: 404, code: only.code, detail: only.detail, ...(only.suggestions ? { suggestions: only.suggestions } : {}) });
  const named = missing
    .slice(0, LISTED_MISSES)
    .map((miss) => (miss.suggestions?.length ? `${miss.detail} Did you mean: ${miss.suggestions.join(', ')}?` : miss.detail));
  const more = missing.length > LISTED_MISSES ? ` And ${missing.length - LISTED_MISSES} more.` : '';
  return toolProblem({ status: 404, code: 'icons_not_found', detail: `None of the icons was found. ${named.join(' ')}${more}` }, { missing });
}
