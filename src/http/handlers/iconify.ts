import { iconData } from '../../core/render/iconify-icon-data.js';
import type { IconifyJSON } from '@iconify/types';
import { iconifyCss } from '../../faces/iconify/css.js';
import { iconifyJson, wrappingOf } from '../../faces/iconify/json.js';
import { selectPrefixes } from '../../data/search/iconify/prefixes.js';
import { iconifySvg } from '../../faces/iconify/svg.js';
import type { IconifyRoute } from '../../core/paths.js';
import type { IconifySetRow, Registry } from '../../registry/registry.js';
import { documentResource, memoryResource, type Resource } from '../../core/resource.js';
import { type Answer, type AnswerOrLater, laterResourceAnswer, queryOf, type RequestContext, resourceAnswer } from '../answer.js';

/*
 * The Iconify API's routes, answered as its reference implementation
 * (@iconify/api) answers them, from the catalog: icon data, SVG, and the
 * lists of packs. Every answer is a Resource, so caching, compression and
 * conditional requests work as on every other route.
 */

type Route<K extends IconifyRoute['kind']> = Extract<IconifyRoute, { kind: K }>;

const TEXT_TYPE = 'text/plain; charset=utf-8';
/** The reference's text answers to errors of its generic routes. */
const NOT_FOUND = memoryResource({ status: 404, contentType: TEXT_TYPE, lastModified: undefined }, Buffer.from('Not found'));
const BAD_REQUEST = memoryResource({ status: 400, contentType: TEXT_TYPE, lastModified: undefined }, Buffer.from('Bad request'));
/** The icon data routes answer their errors with status 200 and a JSON number, which clients read as "missing". */
const numberAnswer = (value: 404 | 400) => documentResource(Buffer.from(String(value)), undefined);
const ICON_DATA_NOT_FOUND = numberAnswer(404);
const ICON_DATA_BAD_REQUEST = numberAnswer(400);
/** The JSONP callback of the legacy `.js` routes when none is given. */
const LEGACY_CALLBACK = 'SimpleSVG._loaderCallback';

function jsonResource(data: unknown, query: URLSearchParams, wrapping: ReturnType<typeof wrappingOf> & object, lastModified?: number): Resource {
  const { text, contentType } = iconifyJson(data, !!query.get('pretty'), wrapping);
  return memoryResource({ status: 200, contentType, lastModified }, Buffer.from(text));
}

/** The icon data of `names` in `pack` (its root fields given, as JSON), read entry by entry. */
function iconDataOf(registry: Registry, pack: string, root: string, names: readonly string[]): Record<string, unknown> {
  return iconData(JSON.parse(root) as Record<string, unknown>, names, (name) => registry.storedEntry(pack, name));
}

/** A found answer as an attachment named `filename` when the query asks for `download`, as the reference sends it. */
function withDownload(resource: Resource, query: URLSearchParams, filename: string): Answer {
  return resource.status === 200 && query.get('download')
    ? resourceAnswer(resource, { 'content-disposition': `attachment; filename="${filename}"` })
    : resourceAnswer(resource);
}

export function answerIconifyIcons(request: RequestContext, route: Route<'iconify-icons'>, registry: Registry): Answer {
  return resourceAnswer(
    registry.cachedDocument(registry.packs.has(route.prefix) ? route.prefix : undefined, `iconify ${request.target}`, () => {
      const query = queryOf(request);
      const wrapping = wrappingOf(query.get('callback'), route.script, LEGACY_CALLBACK);
      if (!wrapping) return ICON_DATA_BAD_REQUEST;
      const given = query.getAll('icons');
      const names = given.length === 1 ? (given[0] as string).split(',') : given;
      const root = registry.iconifyRoot(route.prefix);
      if (names.length === 0 || !root) return ICON_DATA_NOT_FOUND;
      return jsonResource(iconDataOf(registry, route.prefix, root, names), query, wrapping);
    }),
  );
}

export function answerIconifySvg(request: RequestContext, route: Route<'iconify-svg'>, registry: Registry): Answer {
  if (!registry.packs.has(route.prefix)) return resourceAnswer(NOT_FOUND);
  const query = queryOf(request);
  const resource = registry.cachedDocument(route.prefix, `iconify ${request.target}`, () => {
    const entry = registry.storedEntry(route.prefix, route.name);
    const name = entry && 'char' in entry ? entry.char : route.name;
    const icon = entry ? registry.iconData(route.prefix, name) : undefined;
    if (!icon) return NOT_FOUND;
    const svg = iconifySvg(icon, {
      width: query.get('width') ?? undefined,
      height: query.get('height') ?? undefined,
      rotate: query.get('rotate') ?? undefined,
      flip: query.get('flip') ?? undefined,
      color: query.get('color') ?? undefined,
      box: query.get('box') ?? undefined,
    });
    return memoryResource({ status: 200, contentType: 'image/svg+xml; charset=utf-8', lastModified: undefined }, Buffer.from(svg));
  });
  // The reference names the file after the name as asked, even for a character code.
  return withDownload(resource, query, `${route.name}.svg`);
}

export function answerIconifyCss(request: RequestContext, route: Route<'iconify-css'>, registry: Registry): Answer {
  if (!registry.packs.has(route.prefix)) return resourceAnswer(NOT_FOUND);
  const query = queryOf(request);
  const resource = registry.cachedDocument(route.prefix, `iconify ${request.target}`, () => {
    const names = query.get('icons')?.split(',');
    const root = registry.iconifyRoot(route.prefix);
    const info = registry.iconifyInfo(route.prefix);
    if (!names || !root || !info) return NOT_FOUND;
    const css = iconifyCss({ ...iconDataOf(registry, route.prefix, root, names), info: JSON.parse(info) } as unknown as IconifyJSON, names, query);
    return memoryResource({ status: 200, contentType: 'text/css; charset=utf-8', lastModified: undefined }, Buffer.from(css));
  });
  return withDownload(resource, query, `${route.prefix}.css`);
}

/** What /collections and /last-modified list: packs in the registry's order, or those `prefix`/`prefixes` select. */
function selectedPacks(registry: Registry, query: URLSearchParams): string[] {
  const all = [...registry.packs.keys()];
  return selectPrefixes(all, query.get('prefix'), query.get('prefixes')) ?? all;
}

/** What a generic route's `make` returns instead of data for an error, as the reference's handlers return a status. */
type ErrorStatus = 400 | 404;
const ERRORS: Readonly<Record<ErrorStatus, Resource>> = { 400: BAD_REQUEST, 404: NOT_FOUND };

/**
 * The reference's generic JSON routes (handleJSONResponse): a bad callback
 * is 400 first; then `make` gives the data, or a status for the text error.
 * The whole answer is cached by request target, with what this registry
 * answers of all packs.
 */
export function genericJson(request: RequestContext, registry: Registry, make: (query: URLSearchParams) => unknown): Answer {
  return resourceAnswer(registry.cachedDocument(undefined, `iconify ${request.target}`, () => genericJsonResource(request, make(queryOf(request)))));
}

/** genericJson for an answer made elsewhere (a search, in its thread): kept like the others once made. */
export function genericJsonLater(request: RequestContext, registry: Registry, make: (query: URLSearchParams) => Promise<unknown>): AnswerOrLater {
  return laterResourceAnswer(
    registry.cachedDocumentLater(`iconify ${request.target}`, async () => {
      const query = queryOf(request);
      // A callback the route refuses is refused before any search is made for it.
      return wrappingOf(query.get('callback'), undefined) ? genericJsonResource(request, await make(query)) : BAD_REQUEST;
    }),
  );
}

/** The answer of a generic route: its data as JSON (or JSONP), or the reference's error for 400 and 404. */
function genericJsonResource(request: RequestContext, data: unknown): Resource {
  const query = queryOf(request);
  const wrapping = wrappingOf(query.get('callback'), undefined);
  if (!wrapping) return BAD_REQUEST;
  return data === 400 || data === 404 ? ERRORS[data as ErrorStatus] : jsonResource(data, query, wrapping);
}

export function answerIconifyCollections(request: RequestContext, _route: Route<'iconify-collections'>, registry: Registry): Answer {
  return genericJson(request, registry, (query) => {
    const collections: Record<string, unknown> = {};
    for (const pack of selectedPacks(registry, query)) {
      const info = registry.iconifyInfo(pack);
      if (info) collections[pack] = JSON.parse(info);
    }
    return collections;
  });
}

export function answerIconifyCollection(request: RequestContext, _route: Route<'iconify-collection'>, registry: Registry): Answer {
  return genericJson(request, registry, (query) => {
    const prefix = query.get('prefix');
    const set = prefix ? registry.iconifySet(prefix) : undefined;
    if (!set) return 404;
    // The reference's key order: info after the title, chars after the aliases, the theme maps last.
    const { prefixes, suffixes, ...collection } = JSON.parse(set.collection) as Record<string, unknown>;
    const { prefix: id, total, title, ...lists } = collection;
    const answer: Record<string, unknown> = { prefix: id, total, title };
    if (title === undefined) delete answer.title;
    if (query.get('info')) answer.info = JSON.parse(set.info);
    Object.assign(answer, lists);
    if (query.get('chars') && set.chars !== null) answer.chars = JSON.parse(set.chars);
    if (prefixes) answer.prefixes = prefixes;
    if (suffixes) answer.suffixes = suffixes;
    return answer;
  });
}

/** Sets the legacy `/list-icons` answers for at once, at most. */
const MAX_LISTED_SETS = 11;

export function answerIconifyListIcons(request: RequestContext, route: Route<'iconify-list-icons'>, registry: Registry): Answer {
  return genericJson(request, registry, (query) => {
    const listOf = (pack: string) => {
      const set = registry.iconifySet(pack);
      return set && legacyIconList(pack, set, route.categorized, query);
    };
    const prefix = query.get('prefix');
    const prefixes = query.get('prefixes');
    if (prefix) return (registry.packs.has(prefix) ? listOf(prefix) : undefined) ?? 404;
    if (!prefixes) return 400;
    const lists: Record<string, unknown> = {};
    for (const pack of selectPrefixes([...registry.packs.keys()], null, prefixes) ?? []) {
      if (Object.keys(lists).length === MAX_LISTED_SETS) break;
      const list = listOf(pack);
      if (list) lists[pack] = list;
    }
    return Object.keys(lists).length ? lists : 404;
  });
}

/** One set as the reference's createAPIv1IconsListResponse lists it. */
function legacyIconList(pack: string, set: IconifySetRow, categorized: boolean, query: URLSearchParams): Record<string, unknown> {
  const collection = JSON.parse(set.collection) as Record<string, unknown>;
  const list: Record<string, unknown> = { prefix: pack, total: collection.total };
  if (collection.title) list.title = collection.title;
  if (query.get('info')) list.info = JSON.parse(set.info);
  if (query.get('aliases') && collection.aliases) list.aliases = collection.aliases;
  if (query.get('chars') && set.chars !== null) list.chars = JSON.parse(set.chars);
  if (!categorized) list.icons = JSON.parse(set.visible);
  else {
    if (collection.categories) list.categories = collection.categories;
    if (collection.uncategorized) list.uncategorized = collection.uncategorized;
  }
  return list;
}

export function answerIconifyLastModified(request: RequestContext, _route: Route<'iconify-last-modified'>, registry: Registry): Answer {
  return genericJson(request, registry, (query) => {
    const lastModified: Record<string, number> = {};
    for (const pack of selectedPacks(registry, query)) {
      const value = registry.packs.get(pack)?.lastModified;
      if (value) lastModified[pack] = value;
    }
    return { lastModified };
  });
}
