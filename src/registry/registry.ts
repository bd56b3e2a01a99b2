import type { Catalog, PackRecord } from '../catalog/catalog.js';
import { isValidName } from '../names.js';
import { renderIconDocument } from '../render/icon-document.js';
import { registryDocument } from '../render/registry-entry.js';
import { ByteBoundedCache } from './byte-bounded-cache.js';
import { quoted, type Problem } from './problem.js';
import { documentResource, problemResource, type Resource } from './resource.js';
import { closestNames } from './suggestions.js';
import { isProblem, normaliseBasePath, parseTarget } from './target.js';

export interface RegistryOptions {
  /** Path prefix in front of /r/ ('' for none). */
  basePath?: string;
  /** Bound on the memory used for rendered documents kept for reuse. */
  cacheBytes?: number;
}

const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
/** Name lists are kept for this many packs, so repeated misses do not re-read a pack's names. */
const NAME_LIST_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * Answers every request target with a complete Resource: the index, a pack
 * document, an icon document, or a problem. Knows nothing of HTTP itself.
 */
export class Registry {
  readonly basePath: string;
  readonly index: Resource;
  private readonly documents: ByteBoundedCache<Resource>;
  private readonly nameLists = new ByteBoundedCache<string[]>(NAME_LIST_CACHE_BYTES, (names) => names.length * 24);

  constructor(
    private readonly catalog: Catalog,
    options: RegistryOptions = {},
  ) {
    this.basePath = normaliseBasePath(options.basePath);
    this.documents = new ByteBoundedCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES, (resource) => resource.body.length + 200);
    const records = [...catalog.packs.values()];
    const newest = Math.max(0, ...records.map((record) => record.lastModified ?? 0));
    this.index = documentResource(Buffer.from(registryDocument(records.map((record) => record.entry))), newest ? newest * 1000 : undefined);
  }

  respond(target: string): Resource {
    const route = parseTarget(target, this.basePath);
    if (isProblem(route)) return problemResource(route);
    if (route.kind === 'index') return this.index;
    const pack = isValidName(route.pack) ? this.catalog.packs.get(route.pack) : undefined;
    if (!pack) return problemResource(this.packNotFound(route.pack));
    return route.kind === 'pack' ? this.packDocument(pack) : this.iconDocument(pack, route.name);
  }

  private cached(key: string, make: () => Resource | Problem): Resource {
    const hit = this.documents.get(key);
    if (hit) return hit;
    const made = make();
    if ('body' in made) {
      this.documents.set(key, made);
      return made;
    }
    return problemResource(made);
  }

  private packDocument(pack: PackRecord): Resource {
    return this.cached(`pack ${pack.id}`, () => {
      const stored = this.catalog.packDocument(pack.id);
      if (!stored) throw new Error(`catalog has no document for pack ${pack.id}`);
      return documentResource(stored.body, lastModifiedOf(pack), stored.etag);
    });
  }

  private iconDocument(pack: PackRecord, name: string): Resource {
    return this.cached(`icon ${pack.id} ${name}`, () => {
      const icon = isValidName(name) ? this.catalog.icon(pack.id, name) : undefined;
      if (!icon) return this.iconNotFound(pack.id, name);
      return documentResource(Buffer.from(renderIconDocument(pack.entry, name, icon)), lastModifiedOf(pack));
    });
  }

  private packNotFound(pack: string): Problem {
    return {
      status: 404,
      code: 'pack_not_found',
      detail: `There is no pack ${quoted(pack)}.`,
      suggestions: closestNames(pack, this.catalog.packs.keys()),
    };
  }

  private iconNotFound(pack: string, name: string): Problem {
    let names = this.nameLists.get(pack);
    if (!names) {
      names = this.catalog.iconNames(pack);
      this.nameLists.set(pack, names);
    }
    return {
      status: 404,
      code: 'icon_not_found',
      detail: `Pack ${quoted(pack)} has no icon ${quoted(name)}.`,
      suggestions: closestNames(name, names).map((close) => `${pack}:${close}`),
    };
  }
}

function lastModifiedOf(pack: PackRecord): number | undefined {
  return pack.lastModified === undefined ? undefined : pack.lastModified * 1000;
}
