import type { IconifyJSON } from '@iconify/types';
import { MAX_SEARCH_LIMIT } from '../src/iconify/search-limits.js';
import { pathOf, type Route } from '../src/registry/paths.js';
import type { IconDocument } from '../src/render/icon-document.js';
import type { RegistryEntry } from '../src/render/registry-entry.js';

/*
 * What the page reads, and from where: the registry's own routes, relative
 * to the page (so that it works under any base path). Served by the
 * registry, icons come a batch at a time from the Iconify routes and search
 * is there; from a static export only /r/ documents exist, so a pack page
 * reads the whole pack document and search is left out.
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
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

let serverProbe: Promise<boolean> | undefined;
/** Whether the registry itself answers (its Iconify routes and search), not a static export of it. */
export function servedByRegistry(): Promise<boolean> {
  serverProbe ??= fetch(`${pageRelative({ kind: 'iconify-keywords' })}?prefix=ab`)
    .then(async (response) => response.ok && typeof ((await response.json()) as { exists?: unknown }).exists === 'boolean')
    .catch(() => false);
  return serverProbe;
}

let packList: Promise<RegistryEntry[]> | undefined;
export function packs(): Promise<RegistryEntry[]> {
  packList ??= json<RegistryEntry[]>(pageRelative({ kind: 'index' }));
  return packList;
}

/** Whole pack documents read in export mode, by pack. */
const documents = new Map<string, Promise<IconifyJSON>>();
function packDocument(pack: string): Promise<IconifyJSON> {
  let document = documents.get(pack);
  if (!document) documents.set(pack, (document = json<IconifyJSON>(pageRelative({ kind: 'pack', pack: encodeURIComponent(pack) }))));
  return document;
}

export async function packIcons(pack: string): Promise<PackIcons> {
  if (await servedByRegistry()) {
    const collection = await json<{ categories?: Record<string, string[]>; uncategorized?: string[]; aliases?: Record<string, string> }>(
      `${pageRelative({ kind: 'iconify-collection' })}?prefix=${encodeURIComponent(pack)}`,
    );
    const names = new Set<string>(collection.uncategorized ?? []);
    for (const list of Object.values(collection.categories ?? {})) for (const name of list) names.add(name);
    return { names: [...names].sort(), categories: collection.categories ?? {}, aliases: collection.aliases ?? {} };
  }
  const document = await packDocument(pack);
  const names = Object.entries(document.icons)
    .filter(([, icon]) => !icon.hidden)
    .map(([name]) => name)
    .sort();
  const aliases: Record<string, string> = {};
  for (const [name, alias] of Object.entries(document.aliases ?? {})) aliases[name] = alias.parent;
  return { names, categories: (document.categories as Record<string, string[]> | undefined) ?? {}, aliases };
}

/** Longest query string of one batch of icon names (the registry refuses targets over 2,048 bytes). */
const MAX_BATCH_CHARACTERS = 1500;

/** Icon data of `names` (IconifyJSON with just them), in batches; from the pack document in export mode. */
export async function iconData(pack: string, names: readonly string[]): Promise<IconifyJSON> {
  if (!(await servedByRegistry())) return packDocument(pack);
  const batches: string[][] = [[]];
  let length = 0;
  for (const name of names) {
    if (length + name.length + 1 > MAX_BATCH_CHARACTERS) {
      batches.push([]);
      length = 0;
    }
    (batches[batches.length - 1] as string[]).push(name);
    length += name.length + 1;
  }
  const parts = await Promise.all(
    batches.map((batch) =>
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

export function iconDocument(pack: string, name: string): Promise<IconDocument> {
  return json<IconDocument>(pageRelative({ kind: 'icon', pack: encodeURIComponent(pack), name: encodeURIComponent(name) }));
}

/** Icons the registry's search finds, best first, as `pack:name`: at most MAX_SEARCH_LIMIT. */
export async function search(query: string, pack?: string): Promise<string[]> {
  const prefix = pack ? `&prefix=${encodeURIComponent(pack)}` : '';
  const answer = await json<{ icons: string[] }>(
    `${pageRelative({ kind: 'iconify-search' })}?query=${encodeURIComponent(query)}&limit=${MAX_SEARCH_LIMIT}${prefix}`,
  );
  return answer.icons;
}
