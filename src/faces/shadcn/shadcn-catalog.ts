import { iconIdParts } from '../../core/icon-ids.js';
import type { MeaningJob, MeaningResults } from '../../data/search/meaning/meaning-job.js';
import type { Registry } from '../../registry/registry.js';
import { type CatalogParams, ICON_ITEM_TYPE } from './shadcn.js';

const SHADCN_REGISTRY_SCHEMA = 'https://ui.shadcn.com/schema/registry.json';

/** One page of icon ids (`pack:name`) and how many there are in all. */
interface Page {
  ids: string[];
  total: number;
}

/** A page of the icons a search found, best first (see catalogSearchJob). */
function searchPage(found: MeaningResults): Page {
  return { ids: found.results.map((result) => result.id), total: found.total };
}

/** The search of a catalog page with `q`: search by meaning, the page asked for (the CLI lists names, not drawings). */
export function catalogSearchJob(params: CatalogParams): MeaningJob | undefined {
  return params.iconsWanted && params.q ? { kind: 'meaning', q: params.q, limit: params.limit, offset: params.offset } : undefined;
}

/** Every visible icon of every pack, packs in id order, icons in the pack's order: read only as far as the page. */
function listingPage(registry: Registry, params: CatalogParams): Page {
  const ids: string[] = [];
  let skip = params.offset;
  let total = 0;
  for (const pack of registry.packs.keys()) {
    const count = registry.visibleIconCount(pack);
    total += count;
    if (ids.length >= params.limit) continue;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    for (const name of registry.visibleIconNames(pack).slice(skip, skip + params.limit - ids.length)) ids.push(`${pack}:${name}`);
    skip = 0;
  }
  return { ids, total };
}

/**
 * The shadcn CLI's catalog (`npx shadcn search @icons -q home`): icons as
 * items named `pack/name`, so that `add @icons/<name>` follows, ranked by
 * the search engine, a page at a time with `pagination` (the CLI then keeps
 * the server's order and filters nothing itself).
 */
export function shadcnCatalogDocument(registry: Registry, params: CatalogParams, found?: MeaningResults): string {
  const page: Page = !params.iconsWanted ? { ids: [], total: 0 } : found ? searchPage(found) : listingPage(registry, params);
  const items = page.ids.map((id) => {
    const parts = iconIdParts(id);
    const pack = registry.packs.get(parts.pack);
    return {
      name: `${parts.pack}/${parts.name}`,
      type: ICON_ITEM_TYPE,
      title: id,
      description: pack ? `${pack.entry.name} · ${pack.entry.license.title}` : id,
    };
  });
  return JSON.stringify({
    $schema: SHADCN_REGISTRY_SCHEMA,
    name: 'icon-registry',
    homepage: `${registry.basePath}/`,
    items,
    pagination: { total: page.total, offset: params.offset, limit: params.limit, hasMore: params.offset + items.length < page.total },
  });
}
