import type { Problem } from '../../core/problem.js';
import type { DocumentRoute } from '../../core/paths.js';

/*
 * What the shadcn CLI asks of a registry beyond its items, pure: when
 * /r/registry.json answers the CLI's catalog instead of the array of packs,
 * the catalog's parameters, and problems written so that the CLI shows them.
 */

/** The media type the shadcn CLI (4.3.1 and later) names in Accept on every request. */
export const SHADCN_MEDIA_TYPE = 'application/vnd.shadcn.v1+json';
/** The namespace docs/shadcn.md sets the registry up under; suggestions are written as ids under it. */
export const SHADCN_NAMESPACE = '@icons';
/** Items of one catalog page when the request names no limit (the CLI's own default), and at most. */
export const DEFAULT_CATALOG_LIMIT = 100;
export const MAX_CATALOG_LIMIT = 1000;
/** The type of every icon item. */
export const ICON_ITEM_TYPE = 'registry:component';

/** Parameters whose presence asks for the catalog (the CLI sends them from 4.16.1 on). */
const CATALOG_PARAMS = ['q', 'type', 'limit', 'offset'];

/** Whether the request comes from the shadcn CLI: its Accept, or `format=shadcn` set in a namespace's params. */
export function isShadcnRequest(accept: string | undefined, query: URLSearchParams): boolean {
  return (accept?.includes(SHADCN_MEDIA_TYPE) ?? false) || query.get('format') === 'shadcn';
}

/** Whether a request of /r/registry.json asks for the shadcn catalog rather than the array of packs. */
export function wantsCatalog(accept: string | undefined, query: URLSearchParams): boolean {
  return isShadcnRequest(accept, query) || CATALOG_PARAMS.some((name) => query.has(name));
}

export interface CatalogParams {
  /** The search, lower-cased, with what the query syntax cannot hold turned into spaces; '' lists every icon. */
  q: string;
  /** Whether `type` lets icon items through (no `type`, or one naming registry:component). */
  iconsWanted: boolean;
  limit: number;
  offset: number;
}

const NON_NEGATIVE_INTEGER = /^[0-9]{1,9}$/;

/** The catalog's parameters, or the problem with them. */
export function catalogParamsOf(query: URLSearchParams): CatalogParams | Problem {
  const limit = query.get('limit') ?? String(DEFAULT_CATALOG_LIMIT);
  const offset = query.get('offset') ?? '0';
  if (!NON_NEGATIVE_INTEGER.test(limit) || Number(limit) === 0) return badParameter('limit', 'a whole number from 1');
  if (!NON_NEGATIVE_INTEGER.test(offset)) return badParameter('offset', 'a whole number from 0');
  const types = query.get('type');
  return {
    q: (query.get('q') ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9:=,*\s-]+/g, ' ')
      .trim(),
    iconsWanted: !types || types.split(',').some((type) => type.trim() === ICON_ITEM_TYPE),
    limit: Math.min(Number(limit), MAX_CATALOG_LIMIT),
    offset: Number(offset),
  };
}

function badParameter(name: string, expected: string): Problem {
  return { status: 400, code: 'bad_request', detail: `The ${name} parameter must be ${expected}.` };
}

/**
 * An id as the user would type it after `npx shadcn add`: `mdi:home` is
 * `@icons/mdi/home`; a pack id completes the route's icon name. shadcn-svelte
 * has no namespaces, so its items suggest the path after `/r/svelte/`.
 */
function addressOf(suggestion: string, route: DocumentRoute): string {
  if (route.kind === 'component' && route.framework === 'svelte') {
    const id = suggestion.includes(':') ? suggestion : `${suggestion}:${route.name}`;
    return `${id.replace(':', '/')}.json`;
  }
  const colon = suggestion.indexOf(':');
  if (colon !== -1) return `${SHADCN_NAMESPACE}/${suggestion.slice(0, colon)}/${suggestion.slice(colon + 1)}`;
  return route.kind === 'icon' || route.kind === 'component' ? `${SHADCN_NAMESPACE}/${suggestion}/${route.name}` : `${SHADCN_NAMESPACE}/${suggestion}`;
}

/**
 * A problem as the shadcn CLI shows it: the CLI prints only `detail`, so the
 * suggestions go into it, written as the user would type them.
 */
export function problemForShadcn(problem: Problem, route: DocumentRoute): Problem {
  const suggestions = problem.suggestions ?? [];
  if (!suggestions.length) return problem;
  const addresses = suggestions.map((suggestion) => addressOf(suggestion, route));
  const last = addresses.pop() as string;
  const list = addresses.length ? `${addresses.join(', ')} or ${last}` : last;
  return { ...problem, detail: `${problem.detail} Did you mean ${list}?` };
}
