import type { IconifyJSON } from '@iconify/types';
import { type BundleFormat, type Framework, pathOf, type Route } from '../src/core/paths.js';
import type { IconDocument } from '../src/core/render/icon-document.js';
import type { PreviewsDocument } from '../src/faces/preview/preview.js';
import type { RegistryEntry } from '../src/core/render/registry-entry.js';
import { shownPackOf } from './revision-ids.js';
import { cached } from './state.js';

/*
 * What the page reads, and from where: the registry's own routes, relative
 * to the page (so that it works under any base path). Served by the
 * registry, icons come a batch at a time from the Iconify routes and search
 * is there; from a static export only /r/ documents exist, so a pack page
 * reads the whole pack document and search is left out. A pack at an older
 * revision (`lucide@1.2.100`, see revisions.ts) is read from its pinned
 * documents, whole like an export's: the Iconify routes serve the current
 * revision only.
 */

/** Where a route is, relative to the page: the page is at the base path, so the path from there on is the same under any. */
export function pageRelative(route: Route): string {
  return pathOf(route, '').slice(pathOf({ kind: 'page' }, '').length);
}

/** The icons of a pack as the page lists them. */
export interface PackIcons {
  names: string[];
  /** Category title → icon names. */
  categories: Record<string, string[]>;
  /** Alias → the icon it stands for. */
  aliases: Record<string, string>;
}

async function json<T>(path: string): Promise<T> {
  return bodyOf<T>(path, await fetch(path));
}

/** An answer that is no document: its status, and what its problem suggests (close names, close packs), if any. */
export class NoDocument extends Error {
  constructor(
    path: string,
    readonly status: number,
    readonly suggestions: readonly string[],
  ) {
    super(`${path}: ${status}`);
  }
}

/** The JSON an answer to `path` holds, or a NoDocument naming its status and its problem's suggestions. */
async function bodyOf<T>(path: string, response: Response): Promise<T> {
  if (!response.ok) throw new NoDocument(path, response.status, await suggestionsOf(response));
  return (await response.json()) as T;
}

/** The suggestions of a problem answered, at most 12; none when the answer is no problem document (a static server's 404 page). */
async function suggestionsOf(response: Response): Promise<string[]> {
  try {
    const problem = (await response.json()) as { suggestions?: unknown };
    return Array.isArray(problem.suggestions) ? problem.suggestions.filter((item): item is string => typeof item === 'string').slice(0, 12) : [];
  } catch {
    return [];
  }
}

/** servedByRegistry's answer once it came, for those that would otherwise wait for the running task to end to read it. */
let servedKnown: boolean | undefined;

/** Whether the registry itself answers (its Iconify routes and search), not a static export of it. */
export function servedByRegistry(): Promise<boolean> {
  return cached('served-by-registry', () =>
    fetch(`${pageRelative({ kind: 'iconify-keywords' })}?prefix=ab`)
      .then(async (response) => response.ok && typeof ((await response.json()) as { exists?: unknown }).exists === 'boolean')
      .catch(() => false)
      .then((served) => (servedKnown = served)),
  );
}

/** servedByRegistry's answer, read at once when known. */
async function served(): Promise<boolean> {
  return servedKnown ?? (await servedByRegistry());
}

/** `ask()` where the registry itself answers; `otherwise` from a static export, which holds none of the routes it reads. */
export async function whereServed<T>(ask: () => Promise<T>, otherwise: T): Promise<T> {
  return (await served()) ? ask() : otherwise;
}

export function packs(): Promise<RegistryEntry[]> {
  return cached('packs', () => json<RegistryEntry[]>(pageRelative({ kind: 'index' })));
}

/** The route of a pack's document as the page names the pack: pinned for an older revision. */
function packRoute(shownPack: string): Route {
  const { pack, revision } = shownPackOf(shownPack);
  return revision === undefined ? { kind: 'pack', pack: encodeURIComponent(pack) } : { kind: 'pinned', pack: encodeURIComponent(pack), version: revision };
}

/** The route of an icon's document (or, with `framework`, its component's) as the page names its pack. */
function iconRoute(shownPack: string, name: string, framework?: Framework): Route {
  const { pack, revision } = shownPackOf(shownPack);
  const [packPart, namePart] = [encodeURIComponent(pack), encodeURIComponent(name)];
  if (revision !== undefined) return { kind: 'pinned', pack: packPart, version: revision, name: namePart, framework };
  return framework ? { kind: 'component', framework, pack: packPart, name: namePart } : { kind: 'icon', pack: packPart, name: namePart };
}

/** Whether the page names a pack at an older revision, whose icons only its pinned documents hold. */
const pinned = (shownPack: string) => shownPackOf(shownPack).revision !== undefined;

/** A whole pack document: read in export mode, and for an older revision. */
function packDocument(pack: string): Promise<IconifyJSON> {
  return cached(`pack:${pack}`, () => json<IconifyJSON>(pageRelative(packRoute(pack))));
}

interface IconifyCollection {
  categories?: Record<string, string[]>;
  uncategorized?: string[];
  aliases?: Record<string, string>;
}

export async function packIcons(pack: string): Promise<PackIcons> {
  if (pinned(pack)) return iconsOfDocument(await packDocument(pack));
  // Asked for while the page learns whether the registry serves it, so that the two take one round trip; not once it is known to be an export.
  const ask = () => json<IconifyCollection>(`${pageRelative({ kind: 'iconify-collection' })}?prefix=${encodeURIComponent(pack)}`);
  const early = servedKnown === false ? undefined : ask();
  early?.catch(() => undefined);
  if (await servedByRegistry()) {
    const collection = await (early ?? ask());
    const names = new Set<string>(collection.uncategorized ?? []);
    for (const list of Object.values(collection.categories ?? {})) for (const name of list) names.add(name);
    return { names: [...names].sort(), categories: collection.categories ?? {}, aliases: collection.aliases ?? {} };
  }
  return iconsOfDocument(await packDocument(pack));
}

/** The icons of a whole pack document as the page lists them: its visible icons, its categories and aliases. */
function iconsOfDocument(document: IconifyJSON): PackIcons {
  const names = Object.entries(document.icons)
    .filter(([, icon]) => !icon.hidden)
    .map(([name]) => name)
    .sort();
  const aliases: Record<string, string> = {};
  for (const [name, alias] of Object.entries(document.aliases ?? {})) aliases[name] = alias.parent;
  return { names, categories: (document.categories as Record<string, string[]> | undefined) ?? {}, aliases };
}

/** Longest query string of one batch of icon names: the registry refuses request targets over MAX_TARGET_BYTES. */
const MAX_BATCH_CHARACTERS = 1500;

/** `items` in batches of at most MAX_BATCH_CHARACTERS, written comma-separated. */
function batchesOf(items: readonly string[]): string[][] {
  const batches: string[][] = [[]];
  let length = 0;
  for (const item of items) {
    if (length + item.length + 1 > MAX_BATCH_CHARACTERS) {
      batches.push([]);
      length = 0;
    }
    (batches[batches.length - 1] as string[]).push(item);
    length += item.length + 1;
  }
  return batches;
}

/** Icon data of `names` (IconifyJSON with just them), in batches; from the pack document in export mode. */
export async function iconData(pack: string, names: readonly string[]): Promise<IconifyJSON> {
  // Known already, the answer is not awaited: the requests then leave at once, not after the view being built
  // (the first screen's icons are asked for before it, to come while it is).
  if (pinned(pack) || !(servedKnown ?? (await servedByRegistry()))) return packDocument(pack);
  const parts = await Promise.all(
    batchesOf(names).map((batch) =>
      json<IconifyJSON>(`${pageRelative({ kind: 'iconify-icons', prefix: encodeURIComponent(pack), script: false })}?icons=${batch.join(',')}`),
    ),
  );
  const merged: IconifyJSON = { prefix: pack, icons: {}, aliases: {} };
  for (const part of parts) {
    if (typeof part !== 'object') continue;
    Object.assign(merged.icons, part.icons);
    Object.assign(merged.aliases as object, part.aliases ?? {});
    for (const key of ['width', 'height', 'left', 'top'] as const) if (part[key] !== undefined) merged[key] = part[key];
  }
  return merged;
}

/**
 * The raster previews of `ids` at `size` pixels high, a request per batch
 * (see `/r/previews.json`): each id's PNG as a data: URL, and the ids with
 * none (not served, or no preview).
 */
export async function previews(ids: readonly string[], size: number): Promise<{ previews: Map<string, string>; without: Set<string> }> {
  const settled = await Promise.allSettled(
    batchesOf(ids).map((batch) => previewList(`${pageRelative({ kind: 'previews' })}?icons=${batch.join(',')}&size=${size}`)),
  );
  const answers = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  // The ids of a list that failed are left out of both: drawn from their own routes.
  if (!answers.length) throw new Error('no list of previews answered');
  const found = new Map<string, string>();
  const without = new Set<string>();
  for (const answer of answers) {
    for (const [id, url] of Object.entries(answer.previews)) found.set(id, url);
    for (const id of [...answer.missing, ...answer.no_preview]) without.add(id);
  }
  return { previews: found, without };
}

/** Most the page waits for a list of previews the registry was too busy to draw, before asking again once. */
const LONGEST_RETRY_MS = 2000;

/** A list of previews; asked again once after the wait a 503 names (previews waiting to be drawn), rather than a request per icon then. */
async function previewList(path: string): Promise<PreviewsDocument> {
  const response = await fetch(path);
  if (response.status === 503) {
    const wait = Math.min(LONGEST_RETRY_MS, 1000 * Number(response.headers.get('retry-after') ?? 1));
    await new Promise((resolve) => setTimeout(resolve, Number.isFinite(wait) ? wait : LONGEST_RETRY_MS));
    return json<PreviewsDocument>(path);
  }
  return bodyOf<PreviewsDocument>(path, response);
}

export function iconDocument(pack: string, name: string): Promise<IconDocument> {
  return json<IconDocument>(pageRelative(iconRoute(pack, name)));
}

/** The address of an icon's document, as the shadcn CLI is given it: pinned for an older revision. */
export function iconDocumentPath(pack: string, name: string): string {
  return pageRelative(iconRoute(pack, name));
}

/** One glyph the search found: its id and the other names of the same glyph in its pack; with its data when the registry's own search sent it. */
export interface SearchHit {
  id: string;
  variants: string[];
  /** Within one pack: the result of the rest of the catalog it was found the equivalent of. */
  equivalentOf?: string;
  icon?: { body: string; width: number; height: number };
}

export interface SearchAnswer {
  results: SearchHit[];
  /** How many glyphs match in all (more than `results` when there are more to ask for). */
  total: number;
  /** The query corrected, when the words as typed found little. */
  didYouMean?: string;
}

/** How many results a search asks for at a time. */
export const SEARCH_PAGE = 200;

/** Glyphs the registry finds for `query` (search by meaning, /r/search.json), best first, `offset` on; within `pack` when given. */
export async function searchIcons(query: string, options: { pack?: string; offset?: number; signal?: AbortSignal } = {}): Promise<SearchAnswer> {
  const params = new URLSearchParams({ q: query, limit: String(SEARCH_PAGE), offset: String(options.offset ?? 0) });
  if (options.pack) params.set('packs', options.pack);
  const response = await fetch(`${pageRelative({ kind: 'search' })}?${params}`, { signal: options.signal });
  if (!response.ok) throw new Error(`search: ${response.status}`);
  const answer = (await response.json()) as { total: number; didYouMean?: string; results: SearchResult[] };
  return { total: answer.total, didYouMean: answer.didYouMean, results: answer.results.map(hitOf) };
}

/** A result of /r/search.json as sent. */
interface SearchResult {
  id: string;
  variants: string[];
  equivalentOf?: string;
  body: string;
  width: number;
  height: number;
}

/** A result of /r/search.json as the page keeps it: its drawing ready to remember. */
function hitOf(result: SearchResult): SearchHit {
  return {
    id: result.id,
    variants: result.variants,
    ...(result.equivalentOf === undefined ? {} : { equivalentOf: result.equivalentOf }),
    icon: { body: result.body, width: result.width, height: result.height },
  };
}

/** How many icons of other packs the icon view offers. */
export const SAME_MEANING_LIMIT = 12;

/** The icons of other packs that mean what `id` means, best of each pack, most used packs first (/r/search.json?like=). */
export function sameMeaning(id: string): Promise<SearchHit[]> {
  return whereServed(async () => {
    const params = new URLSearchParams({ like: id, limit: String(SAME_MEANING_LIMIT) });
    const response = await fetch(`${pageRelative({ kind: 'search' })}?${params}`);
    if (!response.ok) return [];
    return ((await response.json()) as { results: SearchResult[] }).results.map(hitOf);
  }, []);
}

/** The suggestions of the registry's answer for a missing document (close pack ids, or close icons as `pack:name`). */
export async function suggestionsFor(path: string): Promise<string[]> {
  try {
    const response = await fetch(path);
    return response.ok ? [] : await suggestionsOf(response);
  } catch {
    return [];
  }
}

/**
 * The component source of an icon in `framework` (`/r/{framework}/{pack}/{name}.json`); undefined where the registry has none,
 * and for the revision served from a static export, which holds only pinned components.
 */
export async function componentSource(framework: Framework, pack: string, name: string): Promise<string | undefined> {
  if (!pinned(pack) && !(await served())) return undefined;
  try {
    const response = await fetch(pageRelative(iconRoute(pack, name, framework)));
    if (!response.ok) return undefined;
    const content = ((await response.json()) as { files?: Array<{ content?: unknown }> }).files?.[0]?.content;
    return typeof content === 'string' ? content : undefined;
  } catch {
    return undefined;
  }
}

/** The Iconify CSS of one icon (`/{pack}.css?icons=name`), in `colour` when given; undefined from a static export. */
export async function iconCss(pack: string, name: string, colour: string | undefined): Promise<string | undefined> {
  if (pinned(pack) || !(await served())) return undefined;
  const params = new URLSearchParams({ icons: name });
  if (colour) params.set('color', colour);
  try {
    const response = await fetch(`${pageRelative({ kind: 'iconify-css', prefix: encodeURIComponent(pack) })}?${params}`);
    const type = response.headers.get('content-type') ?? '';
    return response.ok && type.startsWith('text/css') ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a route answers a HEAD request with success. */
export function routeAnswers(path: string): Promise<boolean> {
  return cached(`head:${path}`, () =>
    fetch(path, { method: 'HEAD' })
      .then((response) => response.ok)
      .catch(() => false),
  );
}

/** Where the bag downloads: a zip of SVG files or components, an SVG sprite, or IconifyJSON. */
export function bundlePath(kind: BundleFormat, ids: readonly string[], format?: string): string {
  return `${pageRelative({ kind: 'bundle', format: kind })}?icons=${ids.join(',')}${format ? `&format=${format}` : ''}`;
}

/** Whether the registry serves downloads of many icons at once: asked once, for a sample icon of the first pack that has one. */
export function hasBundles(): Promise<boolean> {
  return cached('has-bundles', () =>
    whereServed(
      () =>
        packs()
          .then((all) => {
            const pack = all.find((entry) => entry.samples?.length);
            return pack ? routeAnswers(bundlePath('json', [`${pack.id}:${pack.samples?.[0]}`])) : false;
          })
          .catch(() => false),
      false,
    ),
  );
}

/** Where the registry serves a pack as a zip (ask routeAnswers whether it does). */
export function packZipPath(pack: string): string {
  return pageRelative({ kind: 'pack-zip', pack: encodeURIComponent(pack) });
}
