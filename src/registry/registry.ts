import { Holders } from '../util/holders.js';
import type { Catalog, PackRecord } from '../data/catalog/catalog.js';
import type { IconifySetRow, StoredDocumentInfo } from '../data/catalog/catalog-database.js';
import { readingOnce, type StoredEntry } from '../core/resolve-icon.js';
import { iconIdParts } from '../core/icon-ids.js';
import type { IconifyIcon, IconifyInfo } from '@iconify/types';
import { isValidName } from '../util/names.js';
import { renderFrameworkDocument } from '../core/render/framework-document.js';
import { renderIconDocument } from '../core/render/icon-document.js';
import { openApiDocument } from '../core/render/openapi.js';
import { renderLlmsTxt } from '../core/render/llms-txt.js';
import { registryDocument } from '../core/render/registry-entry.js';
import { quoted, type Problem } from '../core/problem.js';
import { documentResource, JSON_TYPE, memoryResource, problemResource, storedResource, type Resource } from '../core/resource.js';
import { type CacheKey, DEFAULT_CACHE_MB, RegistryCaches } from './registry-caches.js';
import { closestNames } from '../util/edit-distance.js';
import { normaliseBasePath, type DocumentRoute, type Framework } from '../core/paths.js';
import { CatalogSearch } from '../data/search/iconify/catalog-search.js';
import { inThisThread, type PreparedSearch, SearchBusy, type SearchJob, type SearchJobResults, type SearchRunner } from '../data/search/thread/search-jobs.js';
import { withDrawings } from '../data/search/meaning/meaning-job.js';
import type { PageAssets } from '../core/page-assets.js';
import { searchJobOf } from './search-params.js';
import { pastedShapeOf } from './pasted-svg.js';
import type { PinnedRoute } from '../core/paths.js';
import type { Revision, RevisionHistory } from '../data/history/revision-history.js';
import { ATOM_TYPE } from '../core/render/changes-atom.js';
import { changesAtom, changesFeed, changesParametersProblem, PACK_CHANGES_PARAMETERS, packChangesDocument } from './changes.js';
import {
  latestVersionOf,
  type PinnedAnswer,
  pinnedAnswer,
  pinnedDocumentKey,
  type PinnedPackAnswer,
  pinnedPackOf,
  revisionOf,
  unknownVersion,
} from './pinned.js';
import { momentBasePath } from '../core/paths.js';
import { iconStateOf } from '../core/icon-state.js';
import { parseMoment } from '../core/moment.js';
import type { PastMoments } from './past-moments.js';
import { iconMissing } from './icon-missing.js';
import { PinnableRevisions } from './pinnable-revisions.js';
import { digestOf } from '../util/etag.js';
import type { Catalog as ServedCatalog } from '../data/catalog/catalog.js';
import { type PackageVersion, packageVersionsOf } from './package-versions.js';
import { type KeptFile, type KeptFileFields, KeptFiles, type MadeFile } from './kept-files.js';
import { REVISION_JOBS_BUSY, RevisionDocuments } from './revision-documents.js';
import { JobsBusy } from '../util/sized-job-threads.js';
import { type PackSource, RevisionSources } from './pack-source.js';
import { packStyles } from '../data/search/meaning/pack-kinds.js';

/** What the Iconify API's lists read of a pack (the faces name it through the registry, never the catalog). */
export type { IconifySetRow };

export interface RegistryOptions {
  /** Path prefix in front of /r/ ('' for none). */
  basePath?: string;
  /** Version of the service, for the OpenAPI description. */
  version?: string;
  /** Bound on the memory used for rendered documents kept for reuse. */
  cacheBytes?: number;
  /** What is kept for reuse, shared with the registries this one replaces or is replaced by. */
  caches?: RegistryCaches;
  /** Answer as if the catalog held only these packs (a partial export). */
  onlyPacks?: ReadonlySet<string>;
  /** The page to find and take icons, served at the base path; none with `--no-ui`. */
  page?: PageAssets;
  /** Where searches run: a thread of their own when serving, this thread otherwise. */
  searchRunner?: SearchRunner;
  /** Packs whose icons a search ranks first: the private packs of the caller's token. */
  firstInSearch?: ReadonlySet<string>;
  /** Every revision the registry has served, for pinned addresses and changes; none until an update kept one. */
  history?: RevisionHistory;
  /** The registry's past over the served catalog, for `/at/{moment}/`; shared by the registry and its views. */
  pastMoments?: PastMoments;
  /** This registry answers as the registry did at a past moment (see Registry.at). */
  past?: boolean;
  /** That moment (ms since the epoch): its pinned addresses know only the revisions kept by then, `latest` the one served then. */
  moment?: number;
  /** Where files made once from a pack's content (npm packages) are kept: a folder of the data directory when serving, memory alone otherwise. */
  keptFiles?: KeptFiles;
  /** Where revisions' pack documents are kept once made (see RevisionDocuments): as keptFiles. */
  keptDocuments?: KeptFiles;
}

/** Pinned icons whose latest-version address a registry keeps; past it, it starts afresh. */
const MAX_LATEST_VERSIONS = 10_000;
/**
 * Codings of pack documents up to this size are read whole and kept with the
 * cached resource (the popular packs' documents are below it); larger ones are streamed.
 */
const WHOLE_DOCUMENT_BYTES = 4 * 1024 * 1024;

/**
 * Answers every request target with a complete Resource: the index, a pack
 * document, an icon document, or a problem. Knows nothing of HTTP itself.
 */
let registries = 0;

export class Registry {
  readonly basePath: string;
  /** The packs this registry serves, by id. */
  readonly packs: ReadonlyMap<string, PackRecord>;
  readonly index: Resource;
  private readonly caches: RegistryCaches;
  private readonly keptFiles: KeptFiles;
  private readonly keptDocuments: KeptFiles;
  /** Told apart from the registries before and after it, for what it caches of all packs at once. */
  private readonly serial = ++registries;
  /** The requests being answered from it: a registry replaced at a reload is closed once they have let go (see served-registry.ts). */
  readonly holders = new Holders();
  private searchOfPacks: CatalogSearch | undefined;
  private servedIds: string[] | undefined;
  private stylesOfPacks: Map<string, string> | undefined;
  private llms: Resource | undefined;
  private openApiResource: Resource | undefined;
  private pinnable: PinnableRevisions | undefined;
  private viewDigestMade: string | undefined;
  private sources: RevisionSources | undefined;
  private documentsOfRevisions: RevisionDocuments | undefined;
  /** How many visible icons each pack has, as far as catalog pages have counted them (names are not kept). */
  private readonly visibleCounts = new Map<string, number>();
  /** The latest-version address of pinned icons asked for (see latestVersion), undefined where none differs. */
  private readonly latestVersions = new Map<string, string | undefined>();
  /** packageVersions' lists, by pack: at most one per pack this registry serves. */
  private readonly packageVersionsByPack = new Map<string, PackageVersion[]>();
  /** The history's change stamp when packageVersionsByPack was last emptied. */
  private packageVersionsStamp: number | undefined;

  constructor(
    /** The catalog it answers from; whoever made the registry closes it. */
    readonly catalog: Catalog,
    private readonly options: RegistryOptions = {},
    /** Whether its search is prepared: a view shares its registry's. */
    private readonly preparation: { ready: boolean } = { ready: false },
  ) {
    this.basePath = normaliseBasePath(options.basePath);
    this.caches = options.caches ?? new RegistryCaches(options.cacheBytes ?? DEFAULT_CACHE_MB * 1024 * 1024);
    const cacheBytes = options.cacheBytes ?? DEFAULT_CACHE_MB * 1024 * 1024;
    this.keptFiles = options.keptFiles ?? new KeptFiles(undefined, cacheBytes / 2);
    this.keptDocuments = options.keptDocuments ?? new KeptFiles(undefined, cacheBytes / 4);
    const only = options.onlyPacks;
    this.packs = only ? new Map([...catalog.packs].filter(([id]) => only.has(id))) : catalog.packs;
    const records = [...this.packs.values()];
    const newest = Math.max(0, ...records.map((record) => record.lastModified ?? 0));
    this.index = documentResource(Buffer.from(registryDocument(records.map((record) => record.entry))), newest ? newest * 1000 : undefined);
  }

  /**
   * `{base}/openapi.json`, made on first use: most registries never answer it
   * (those of past moments, views), and a reload makes a registry while
   * requests wait for the thread it runs on.
   */
  get openApi(): Resource {
    this.openApiResource ??= documentResource(Buffer.from(JSON.stringify(openApiDocument(this.basePath, this.version))), undefined);
    return this.openApiResource;
  }

  /** `{base}/llms.txt`, made on first use (it names no pack, so every view gives the same text). */
  get llmsTxt(): Resource {
    this.llms ??= memoryResource(
      { status: 200, contentType: 'text/plain; charset=utf-8', lastModified: undefined },
      Buffer.from(renderLlmsTxt(this.basePath, this.page !== undefined)),
    );
    return this.llms;
  }

  /** The same registry seen as if the catalog held only `packs`, sharing this one's caches; `first` rank first in searches. */
  view(packs: ReadonlySet<string>, first: ReadonlySet<string> = new Set()): Registry {
    return new Registry(
      this.catalog,
      { ...this.options, caches: this.caches, keptFiles: this.keptFiles, keptDocuments: this.keptDocuments, onlyPacks: packs, firstInSearch: first },
      this.preparation,
    );
  }

  /**
   * The registry as it answered at `moment` (`/at/{moment}/`), seen through
   * this one's view (a pack this view hides is as absent then): the packs
   * served then, each at the revision it served, answering under the
   * moment's base path. Its catalog may have to be built first (a promise).
   */
  at(moment: string, now = Date.now()): Registry | Promise<Registry> | Problem {
    const instant = parseMoment(moment, now);
    if (typeof instant !== 'number') return instant;
    const past = this.options.pastMoments;
    if (!past || this.options.past) return { status: 404, code: 'not_found', detail: 'This registry keeps no past.' };
    const state = past.stateAt(instant);
    if ('status' in state) return state;
    // One registry per moment as asked, packs absent then, and view; the key is short, as every request at a moment makes it.
    const key = `${moment} ${state.absentDigest} ${this.viewDigest}`;
    return past.registryFor(key, state, this.catalog, (catalog: ServedCatalog) => {
      const packs = new Set([...this.packs.keys()].filter((pack) => !state.absent.has(pack)));
      const registry = new Registry(catalog, {
        ...this.options,
        basePath: momentBasePath(this.basePath, moment),
        caches: this.caches,
        keptFiles: this.keptFiles,
        keptDocuments: this.keptDocuments,
        onlyPacks: packs,
        past: true,
        moment: instant,
      });
      // The moment's own packs are read where searches run before its first search, which then waits behind this.
      registry.prepareSearch().catch(() => undefined);
      return registry;
    });
  }

  /** What tells this registry's view apart (the packs it serves, those it ranks first): a digest, made once. */
  private get viewDigest(): string {
    this.viewDigestMade ??= digestOf(`${[...this.packs.keys()].join(',')} ${this.firstInSearch.join(',')}`);
    return this.viewDigestMade;
  }

  /** The revisions pinned addresses answer: the history's, and the catalog's content of the default packs it keeps none of. */
  private get revisions(): PinnableRevisions {
    this.pinnable ??= new PinnableRevisions(this.options.history, this.catalog, this.options.moment);
    return this.pinnable;
  }

  /** What pinned addresses make of revisions' whole documents away from this thread (see RevisionDocuments). */
  private get revisionDocuments(): RevisionDocuments {
    this.documentsOfRevisions ??= new RevisionDocuments(this.catalog, this.revisions, this.keptDocuments);
    return this.documentsOfRevisions;
  }

  /** A kept revision's source, made once for the documents made of it (see RevisionSources). */
  private readonly sourceOf = (revision: Revision) => {
    this.sources ??= new RevisionSources(this.revisions);
    return this.sources.of(revision);
  };

  /**
   * Runs `read` in one read transaction of each file of the catalog and of
   * the history (see CatalogDatabase.readTogether): for many documents made
   * at once, which then share the cost of taking each file's lock, see one
   * state of each, and read a pack's revisions once.
   */
  readTogether<T>(read: () => T): T {
    const history = this.options.history;
    const once = () => this.revisions.readingOnce(read);
    return this.catalog.readTogether(() => (history ? history.readTogether(once) : once()));
  }

  /** The registry's past over the served catalog, which whoever made the registry closes. */
  get pastMoments(): PastMoments | undefined {
    return this.options.pastMoments;
  }

  /** Whether this registry answers as the registry did at a past moment. */
  get past(): boolean {
    return this.options.past === true;
  }

  /** The packs a search ranks first, sorted: the caller's private packs. */
  get firstInSearch(): string[] {
    return [...(this.options.firstInSearch ?? [])].sort();
  }

  /** The version of the service, which what is made from the catalog depends on. */
  get version(): string {
    return this.options.version ?? '0.0.0';
  }

  /** The page, unless it is turned off. */
  get page(): PageAssets | undefined {
    return this.options.page;
  }

  /** Search over the packs this registry serves (made on first use). */
  get search(): CatalogSearch {
    this.searchOfPacks ??= new CatalogSearch(this.catalog, this.packs.keys());
    return this.searchOfPacks;
  }

  /** Runs a search job over the packs this registry serves, where searches run (see search-jobs.ts). */
  runSearch<J extends SearchJob>(job: J): Promise<SearchJobResults[J['kind']]> {
    this.servedIds ??= [...this.packs.keys()];
    const scope = { catalog: this.catalog, served: this.servedIds, source: () => this.search };
    return (this.options.searchRunner ?? inThisThread).run(job, scope) as Promise<SearchJobResults[J['kind']]>;
  }

  /**
   * Has what searches read of the catalog read now, where searches run, and
   * the first searches run once (see prepareSearch in search-jobs.ts): the
   * glyphs, vocabulary and names of the whole catalog take seconds, which
   * belong to the start of a process or to a reload, not to a request.
   * Then `afterwards`, what else is to be done before the registry is ready
   * (the first requests a starting server answers itself). Resolves once
   * done; from then on the registry, and every view of it, is ready
   * (`searchReady`). Rejects when the search thread fails.
   */
  async prepareSearch(afterwards?: () => Promise<unknown>): Promise<PreparedSearch> {
    const prepared = await this.runSearch({ kind: 'prepare' });
    await afterwards?.();
    this.preparation.ready = true;
    return prepared;
  }

  /** Whether a search answers without reading the catalog first: once prepareSearch has resolved. */
  get searchReady(): boolean {
    return this.preparation.ready;
  }

  /** The visible icons of a served pack by their own names, in the pack's order. */
  visibleIconNames(pack: string): string[] {
    const visible = this.packs.has(pack) ? this.catalog.iconifyVisible(pack) : undefined;
    const names = visible ? (JSON.parse(visible) as string[]) : [];
    this.visibleCounts.set(pack, names.length);
    return names;
  }

  /** How many visible icons a served pack has. */
  visibleIconCount(pack: string): number {
    return this.visibleCounts.get(pack) ?? this.visibleIconNames(pack).length;
  }

  /** The answer to a route: a document, or the problem that takes its place (a missing icon's once its suggestions are found). */
  respond(route: DocumentRoute): Resource | Promise<Resource> {
    if (route.kind === 'index') return this.index;
    if (route.kind === 'openapi') return this.openApi;
    if (route.kind === 'search') return this.searchDocument(new URLSearchParams());
    const pack = isValidName(route.pack) ? this.packs.get(route.pack) : undefined;
    if (!pack) return problemResource(this.packNotFound(route.pack));
    if (route.kind === 'pack') return this.packDocument(pack);
    return this.iconDocument(pack, route.name, route.kind === 'component' ? route.framework : undefined);
  }

  /**
   * Pack documents and their compressed codings come from the catalog as
   * built. A coding up to WHOLE_DOCUMENT_BYTES is read whole and kept with
   * the cached resource; a larger one (fluent-emoji's, the largest) is sent in
   * chunks read as the client takes them.
   */
  private packDocument(pack: PackRecord): Resource {
    return this.cachedDocument(pack.id, 'pack', () => {
      const info = this.catalog.packDocumentInfo(pack.id);
      if (!info) throw new Error(`catalog has no document for pack ${pack.id}`);
      const catalog = this.catalog;
      return storedResource(
        { status: 200, contentType: JSON_TYPE, etag: info.etag, lastModified: lastModifiedOf(pack) },
        {
          lengths: info.lengths,
          read: (encoding) => catalog.packDocumentBytes(pack.id, encoding),
          readChunks: (encoding) => catalog.packDocumentChunks(pack.id, encoding),
        },
        WHOLE_DOCUMENT_BYTES,
      );
    });
  }

  /** An icon's document, or with `framework` its document for that framework's CLI; a miss is the same for both. */
  private iconDocument(pack: PackRecord, name: string, framework?: Framework): Resource | Promise<Resource> {
    const key = this.keyOf(pack.id, framework ? `${framework} ${name}` : `icon ${name}`);
    const kept = this.caches.documents.get(key);
    if (kept) return kept;
    // The name's row is read once, for its icon, its categories and its state.
    const named = isValidName(name) ? this.catalog.entryWithCategories(pack.id, name) : undefined;
    const entryOf = readingOnce((entryName) => this.catalog.entry(pack.id, entryName), { name, entry: named?.entry });
    const icon = named && this.catalog.icon(pack.id, name, entryOf);
    if (!named || !icon) return this.iconNotFound(pack.id, name);
    const document = framework
      ? renderFrameworkDocument(framework, pack.entry, name, icon, named.categories)
      : renderIconDocument(pack.entry, name, icon, named.categories, undefined, iconStateOf(name, entryOf));
    const made = documentResource(Buffer.from(document), lastModifiedOf(pack));
    this.caches.documents.set(key, made);
    return made;
  }

  /**
   * A pinned address (`/r/{pack}@{version}...`): answered from the history
   * alone, for the packs this registry serves (a view's hidden packs are as
   * absent pinned as unpinned).
   */
  pinned(route: PinnedRoute): PinnedAnswer {
    if (!isValidName(route.pack) || !this.packs.has(route.pack)) return { problem: this.packNotFound(route.pack) };
    const history = this.revisions;
    // A document kept is answered without reading the history: its version was exact when it was made, and stays kept.
    // At a past moment, only once the revision is known to have been kept by then: the documents are shared with the present.
    const keptThen = this.options.moment === undefined || history.revision(route.pack, route.version) !== undefined;
    const kept = keptThen ? this.caches.documents.get(pinnedKeyOf(route.pack, pinnedDocumentKey(route))) : undefined;
    if (kept) return { resource: kept };
    return pinnedAnswer(history, route, this.basePath, (what, make) => this.cachedIn(pinnedKeyOf(route.pack, what), make), this.sourceOf);
  }

  /**
   * A pinned address's answer as pinned() gives it, made so that this
   * thread never parses a pack document whole: a revision's whole document
   * is made in a thread and kept (see RevisionDocuments), and an icon of the
   * catalog's content of a pack asked for the first time waits for its
   * pack's root fields parsed there. An icon's miss has the names the
   * revision has closest: those the pack's unpinned miss suggests (found
   * where searches run, and kept) that the revision has too, a few entries
   * read, so that a miss never reads a revision's names here.
   */
  pinnedAnswer(route: PinnedRoute): PinnedAnswer | Promise<PinnedAnswer> {
    const revision = this.pinnedRevision(route);
    if (revision && route.name === undefined) {
      const made = this.revisionDocuments.packDocument(revision);
      if (made) return made instanceof Promise ? made.then((resource) => ({ resource })) : { resource: made };
    }
    const rootsRead = revision && this.revisionDocuments.rootsRead(revision);
    return rootsRead ? rootsRead.then(() => this.pinnedWithClosest(route)) : this.pinnedWithClosest(route);
  }

  /**
   * Resolves once the root fields of the revision `version` names (exact, or
   * the one a range resolves to, unless `exactOnly`: a route that redirects a
   * range) are read without parsing a pack document on this thread (see
   * RevisionDocuments.rootsRead); undefined when there is nothing to wait
   * for. Rejects with JobsBusy when too many wait.
   */
  revisionRootsRead(pack: string, version: string, { exactOnly = false } = {}): Promise<void> | undefined {
    if (!isValidName(pack) || !this.packs.has(pack)) return undefined;
    const found = revisionOf(this.revisions, pack, version);
    if (!found || (exactOnly && !('exact' in found))) return undefined;
    return this.revisionDocuments.rootsRead('exact' in found ? found.exact : found.matched);
  }

  /** The exact revision `version` names of a served pack (a range, `latest` or an npm version resolved as its redirect would), or the problem its pinned addresses answer. */
  revisionNamed(pack: string, version: string): string | Problem {
    if (!isValidName(pack) || !this.packs.has(pack)) return this.packNotFound(pack);
    const found = revisionOf(this.revisions, pack, version);
    if (!found) return unknownVersion(this.revisions, pack, version);
    return ('exact' in found ? found.exact : found.matched).version;
  }

  /** packSource, once the revision's root fields are read elsewhere (see revisionRootsRead): a full queue of such jobs is a 503 problem. */
  async packSourceRead(pack: string, version?: string): Promise<PackSource | Problem> {
    try {
      if (version !== undefined) await this.revisionRootsRead(pack, version);
    } catch (error) {
      if (error instanceof JobsBusy) return REVISION_JOBS_BUSY;
      throw error;
    }
    return this.packSource(pack, version);
  }

  /** The exact revision a pinned address names, of a pack this registry serves, when what it asks for is not kept already. */
  private pinnedRevision(route: PinnedRoute): Revision | undefined {
    if (!isValidName(route.pack) || !this.packs.has(route.pack)) return undefined;
    // A document kept now is answered without reading the history, as pinned() answers it (at a past moment, pinned() reads it first).
    if (this.options.moment === undefined && this.caches.documents.get(pinnedKeyOf(route.pack, pinnedDocumentKey(route)))) return undefined;
    return this.revisions.revision(route.pack, route.version);
  }

  private pinnedWithClosest(route: PinnedRoute): PinnedAnswer | Promise<PinnedAnswer> {
    const answer = this.pinned(route);
    const name = route.name;
    if (!('resource' in answer) || answer.resource.problem?.code !== 'icon_not_found' || name === undefined) return answer;
    const revision = this.revisions.revision(route.pack, route.version);
    if (!revision) return answer;
    const withClosest = (unpinned: Resource): PinnedAnswer => {
      const closest = (unpinned.problem?.suggestions ?? [])
        .map((id) => id.slice(id.indexOf(':') + 1))
        .filter((close) => this.revisions.entryAt(route.pack, revision.seq, close) !== undefined);
      return { resource: problemResource(iconMissing(route.pack, name, closest, revision.version)) };
    };
    const unpinned = this.iconNotFound(route.pack, name);
    return unpinned instanceof Promise ? unpinned.then(withClosest) : withClosest(unpinned);
  }

  /**
   * The address of a pinned icon at the revision served now, when that one
   * draws it differently (see latestVersionOf): kept per registry, which a
   * newer revision served replaces.
   */
  latestVersion(route: PinnedRoute): string | undefined {
    const history = this.revisions;
    if (route.name === undefined || !this.packs.has(route.pack)) return undefined;
    // By pack too: every pack of the catalog keeps its revision of the same name (`json-2.2.535`).
    const key = `${route.pack} ${pinnedDocumentKey(route)}`;
    if (this.latestVersions.has(key)) return this.latestVersions.get(key);
    const latest = latestVersionOf(history, route, this.basePath, this.sourceOf);
    if (this.latestVersions.size >= MAX_LATEST_VERSIONS) this.latestVersions.clear();
    this.latestVersions.set(key, latest);
    return latest;
  }

  /** The length of a served pack's document as JSON, uncompressed (0 for a pack it does not serve): how large its package is to make. */
  packDocumentLength(pack: string): number {
    return this.packs.has(pack) ? (this.catalog.packDocumentInfo(pack)?.lengths.identity ?? 0) : 0;
  }

  /**
   * A served pack's versions as packages carry them, oldest first (see
   * package-versions.ts); undefined for a pack this registry does not serve.
   * Read once, and the same list every time, until another connection writes
   * the history (an update, in its own process): a server may make its next
   * registry before the update has logged what it serves, and `latest` must
   * not stay behind for that registry's life.
   */
  packageVersions(pack: string): PackageVersion[] | undefined {
    if (!isValidName(pack) || !this.packs.has(pack)) return undefined;
    const stamp = this.options.history?.changeStamp();
    if (stamp !== this.packageVersionsStamp) {
      this.packageVersionsStamp = stamp;
      this.packageVersionsByPack.clear();
    }
    let versions = this.packageVersionsByPack.get(pack);
    if (versions === undefined) {
      versions = packageVersionsOf(pack, this.catalog, this.options.history);
      this.packageVersionsByPack.set(pack, versions);
    }
    return versions;
  }

  /**
   * The file `name` made from a served pack's content (an npm package's
   * tarball), kept for good once made (see kept-files.ts); the name says
   * which content it was made from.
   */
  keptFile(pack: string, name: string, fields: KeptFileFields, make: () => Promise<MadeFile>): KeptFile | Promise<KeptFile> {
    if (!this.packs.has(pack)) return Promise.reject(new Error(`pack ${pack} is not served`));
    return this.keptFiles.get(pack, name, fields, make);
  }

  /** What a revision's zip is made of (`/r/{pack}@{version}.zip`), for the packs this registry serves, as pinned() answers them. */
  pinnedPack(pack: string, version: string): PinnedPackAnswer {
    if (!isValidName(pack) || !this.packs.has(pack)) return { problem: this.packNotFound(pack) };
    return pinnedPackOf(this.revisions, pack, version, this.sourceOf);
  }

  /**
   * A served pack as it is served now, or with `version` as the kept
   * revision it names (a range or `latest` as the newest kept revision it
   * matches, as a pinned address redirects): what the forms of its icons are
   * made from. A pack this registry does not serve is as unknown as on every
   * route.
   */
  packSource(pack: string, version?: string): PackSource | Problem {
    const record = isValidName(pack) ? this.packs.get(pack) : undefined;
    if (!record) return this.packNotFound(pack);
    if (version !== undefined) {
      const history = this.revisions;
      const found = revisionOf(history, pack, version);
      if (!found) return unknownVersion(history, pack, version);
      return this.sourceOf('exact' in found ? found.exact : found.matched);
    }
    return {
      pack,
      entry: record.entry,
      iconDataRoot: () => JSON.parse(this.catalog.iconifyRoot(pack) ?? '{}') as Record<string, unknown>,
      info: () => JSON.parse(this.catalog.iconifyInfo(pack) ?? '{}') as IconifyInfo,
      storedEntry: (name) => (isValidName(name) ? this.catalog.entry(pack, name) : undefined),
      icon: (name, entryOf) => (isValidName(name) ? this.catalog.icon(pack, name, entryOf) : undefined),
    };
  }

  /** The versions of a served pack's kept revisions, newest first, and the one its unpinned addresses serve (none before its first update). */
  keptRevisions(pack: string): { versions: string[]; served: string | undefined } | Problem {
    if (!isValidName(pack) || !this.packs.has(pack)) return this.packNotFound(pack);
    const versions = this.revisions
      .revisions(pack)
      .map((revision) => revision.version)
      .reverse();
    return { versions, served: this.revisions.served(pack)?.version };
  }

  /**
   * Every revision a served pack answers at pinned addresses, oldest first,
   * each with its icon and alias names, sorted: the history's, or the
   * catalog's content of a default pack the history keeps none of (see
   * PinnableRevisions). What a static export writes of the pack.
   */
  pinnableRevisions(pack: string): Array<{ revision: Revision; names: string[] }> {
    if (!isValidName(pack) || !this.packs.has(pack)) return [];
    const revisions = this.revisions;
    return revisions.revisions(pack).map((revision) => ({ revision, names: revisions.namesAt(pack, revision.seq) }));
  }

  /** The drawing style of each served pack all of whose icons share one (`fill` or `stroke`), as list_packs' `style` filter reads it. */
  packStyles(): ReadonlyMap<string, string> {
    this.stylesOfPacks ??= new Map([...packStyles(this.catalog)].filter(([pack]) => this.packs.has(pack)));
    return this.stylesOfPacks;
  }

  /** `/r/changes.json`: a pack's changes between two revisions with `pack`, else the feed of revisions since `since`. */
  changesDocument(query: URLSearchParams): Resource {
    const history = this.options.history;
    const visible = (pack: string) => this.packs.has(pack);
    const refused = changesParametersProblem(query, 'json');
    if (refused) return problemResource(refused);
    const pack = query.get('pack');
    if (pack === null) {
      const feed = changesFeed(history, query, visible);
      return 'status' in feed ? problemResource(feed) : documentResource(Buffer.from(JSON.stringify(feed)), undefined);
    }
    // Kept by the parameters that shape it, however the request spelt them; a reload (a new revision served) starts afresh.
    const key = `changes ${JSON.stringify(PACK_CHANGES_PARAMETERS.map((name) => query.get(name)))}`;
    return this.cachedDocument(isValidName(pack) && visible(pack) ? pack : undefined, key, () => {
      // Read in one state of the history: an update keeping a revision meanwhile would pair a revision with one it has not seen.
      const changes = this.readTogether(() => packChangesDocument(this.revisions, query, visible, (unknown) => this.packNotFound(unknown)));
      return 'status' in changes ? changes : documentResource(Buffer.from(JSON.stringify(changes)), undefined);
    });
  }

  /**
   * `/r/changes.atom`: the revisions of `/r/changes.json` with the same
   * parameters, as an Atom feed. One pack's is kept like its changes; the
   * feed of every pack is made each time, like its JSON.
   */
  changesAtom(query: URLSearchParams): Resource {
    const history = this.options.history;
    const visible = (pack: string) => this.packs.has(pack);
    const refused = changesParametersProblem(query, 'atom');
    if (refused) return problemResource(refused);
    const make = () => {
      const atom = this.readTogether(() => changesAtom(history, this.revisions, query, visible, (unknown) => this.packNotFound(unknown), this.basePath));
      return typeof atom === 'string' ? memoryResource({ status: 200, contentType: ATOM_TYPE, lastModified: undefined }, Buffer.from(atom)) : atom;
    };
    const pack = query.get('pack');
    if (pack === null || !isValidName(pack) || !visible(pack)) {
      const made = make();
      return 'bytes' in made ? made : problemResource(made);
    }
    return this.cachedDocument(pack, `changes.atom ${JSON.stringify(PACK_CHANGES_PARAMETERS.map((name) => query.get(name)))}`, make);
  }

  /**
   * `/r/search.json`: glyphs by what the query means, found where searches
   * run, kept by the search's parameters however the request spelt them
   * (and by the view: a caller's private packs rank first). A search within
   * a pack the view does not serve, or like an icon it does not, is the 404
   * of that pack or icon.
   */
  searchDocument(query: URLSearchParams): Resource | Promise<Resource> {
    const asked = searchJobOf(query, pastedShapeOf);
    if ('status' in asked) return problemResource(asked);
    // A pack this view does not serve is named as on every route: a mistyped id and a private pack without its token alike.
    const like = asked.like === undefined ? undefined : iconIdParts(asked.like);
    const unknown = [...(asked.packs ?? []), ...(like ? [like.pack] : [])].find((pack) => !this.packs.has(pack));
    if (unknown !== undefined) return problemResource(this.packNotFound(unknown));
    const license = asked.license === undefined ? undefined : this.licenseNamed(asked.license);
    if (typeof license === 'object') return problemResource(license);
    const job = { ...asked, ...(license === undefined ? {} : { license }), first: this.firstInSearch };
    const what = `search ${JSON.stringify(job)}`;
    // An answer kept was made like an icon the pack has: the icon's row is read only when none is kept.
    const kept = this.keptDocument(what);
    if (kept) return kept;
    // A search like an icon the pack lacks (or an alias that leads to none) answers that icon's 404, as its document does: `like` would find nothing for it.
    if (like && this.catalog.icon(like.pack, like.name) === undefined) return this.iconNotFound(like.pack, like.name);
    return this.cachedDocumentLater(what, async () => {
      const results = await this.runSearch(job);
      const found = this.catalog.readTogether(() => withDrawings(results, (pack, name) => this.catalog.icon(pack, name)));
      return documentResource(Buffer.from(JSON.stringify(found)), undefined);
    });
  }

  /**
   * The SPDX id of a licence a served pack is under, however `asked` is
   * cased (SPDX ids are matched without case); else the problem naming the
   * closest ones, rather than a filter that silently keeps nothing.
   */
  licenseNamed(asked: string): string | Problem {
    // Each id by its lower case, in which names are compared.
    const ids = new Map<string, string>();
    for (const record of this.packs.values()) if (record.entry.license.spdx) ids.set(record.entry.license.spdx.toLowerCase(), record.entry.license.spdx);
    const named = ids.get(asked.toLowerCase());
    if (named !== undefined) return named;
    return {
      status: 400,
      code: 'bad_request',
      detail: `No pack here is under the licence ${quoted(asked)}: \`license\` takes the SPDX id of one that is (/r/registry.json lists each pack's).`,
      suggestions: closestNames(asked.toLowerCase(), ids.keys()).map((id) => ids.get(id) as string),
    };
  }

  private packNotFound(pack: string): Problem {
    return {
      status: 404,
      code: 'pack_not_found',
      detail: `There is no pack ${quoted(pack)}.`,
      suggestions: closestNames(pack, this.packs.keys()),
    };
  }

  /*
   * The catalog's stored data, for the faces that answer from it (the
   * Iconify API's routes): read only for packs this registry serves, so a
   * view never hands out a pack it hides, and no handler touches the catalog.
   */

  /** The entry of `name` in a served pack (an icon, an alias or a character code), as the build stored it. */
  storedEntry(pack: string, name: string): StoredEntry | undefined {
    return this.packs.has(pack) && isValidName(name) ? this.catalog.entry(pack, name) : undefined;
  }

  /** The data of an icon or alias of a served pack, its alias resolved. */
  iconData(pack: string, name: string): IconifyIcon | undefined {
    return this.packs.has(pack) ? this.catalog.icon(pack, name) : undefined;
  }

  /** The root fields of a served pack's IconifyJSON (all but its icons), as JSON. */
  iconifyRoot(pack: string): string | undefined {
    return this.packs.has(pack) ? this.catalog.iconifyRoot(pack) : undefined;
  }

  /** A served pack's IconifyJSON info, as JSON. */
  iconifyInfo(pack: string): string | undefined {
    return this.packs.has(pack) ? this.catalog.iconifyInfo(pack) : undefined;
  }

  /** What the Iconify API's lists say of a served pack, as the build stored it. */
  iconifySet(pack: string): IconifySetRow | undefined {
    return this.packs.has(pack) ? this.catalog.iconifySet(pack) : undefined;
  }

  /** What a served pack's document is made of beside its icons, for a zip made as it is sent. */
  packDocumentInfo(pack: string): StoredDocumentInfo | undefined {
    return this.packs.has(pack) ? this.catalog.packDocumentInfo(pack) : undefined;
  }

  /** Every icon and alias name of a served pack. */
  iconNames(pack: string): string[] {
    return this.catalog.iconNames(pack);
  }

  /**
   * Called when a newer registry takes this one's place: what was kept of
   * the databases only this registry's catalog opened (the replaced own
   * packs) is dropped; documents of the shared default packs stay.
   */
  release(): void {
    // A past moment's registry lies over the served catalog, whose documents stay; those of its moment's own database go when that closes (see PastMoments).
    if (!this.past) this.caches.forgetDatabases(this.catalog.ownedSerials);
    this.caches.forgetRegistry(this.serial);
  }

  /**
   * A document made for `what` of `pack` (a pack or icon document, an answer
   * of the Iconify API's routes), kept in the document cache with the pack's
   * documents; or, without a pack, with what this registry answers of all
   * packs. A Problem that `make` returns is answered but not kept (misses
   * have a cache of their own).
   */
  cachedDocument(pack: string | undefined, what: string, make: () => Resource | Problem): Resource {
    return this.cachedIn(this.documentKeyOf(what, pack), make);
  }

  /**
   * The document kept for `what` (see cachedDocument), if one is: what a
   * route looks for before it reads what it would make one from. A document
   * is kept only once made, and what it was made from does not change while
   * it is kept (a pack's documents are keyed by the database serving it, the
   * others by this registry), so a kept one needs no such read.
   */
  keptDocument(what: string, pack?: string): Resource | undefined {
    return this.caches.documents.get(this.documentKeyOf(what, pack));
  }

  private documentKeyOf(what: string, pack: string | undefined): CacheKey {
    return pack === undefined ? this.ownKeyOf(what) : this.keyOf(pack, what);
  }

  private cachedIn(key: CacheKey, make: () => Resource | Problem): Resource {
    const hit = this.caches.documents.get(key);
    if (hit) return hit;
    const made = make();
    if (!('bytes' in made)) return problemResource(made);
    this.caches.documents.set(key, made);
    return made;
  }

  /**
   * A document (see cachedDocument) that takes a while to make (a search,
   * in its thread; a packument, whose packages are made in theirs): a kept
   * one at once, else a promise of it. The same document asked for again
   * while it is being made waits for that one.
   */
  cachedDocumentLater(what: string, make: () => Promise<Resource | Problem>, pack?: string): Resource | Promise<Resource> {
    const key = this.documentKeyOf(what, pack);
    const hit = this.caches.documents.get(key);
    if (hit) return hit;
    return (
      this.caches.making(key) ??
      this.caches.startMaking(
        key,
        make().then((made) => {
          if (!('bytes' in made)) return problemResource(made);
          this.caches.documents.set(key, made);
          return made;
        }),
      )
    );
  }

  /** The key of `what` of `pack`, owned by the pack as the database serving it holds it. */
  private keyOf(pack: string, what: string): CacheKey {
    return { owner: { database: this.catalog.serialOf(pack), pack }, what };
  }

  /** The key of `what` this registry answers of all its packs, owned by this registry. */
  private ownKeyOf(what: string): CacheKey {
    return { owner: { registry: this.serial }, what };
  }

  /**
   * The 404 of a name a pack lacks, with the pack's closest names: found
   * where searches run (reads of the pack's names, as many as any miss may
   * take), so that misses never hold up this thread, then kept. While
   * searches are queued to their limit, a miss is answered without
   * suggestions, and that answer is not kept.
   */
  private iconNotFound(pack: string, name: string): Resource | Promise<Resource> {
    const key = this.keyOf(pack, `miss ${name}`);
    const kept = this.caches.misses.get(key);
    if (kept) return problemResource(kept);
    return this.runSearch({ kind: 'closest-names', pack, name }).then(
      (closest) => {
        const problem = iconMissing(pack, name, closest);
        this.caches.misses.set(key, problem);
        return problemResource(problem);
      },
      (error: unknown) => {
        if (error instanceof SearchBusy) return problemResource(iconMissing(pack, name, []));
        throw error;
      },
    );
  }
}

/** The key of a pinned document: a revision's answers outlive every reload (see CacheOwner). */
const pinnedKeyOf = (pack: string, what: string): CacheKey => ({ owner: { revisionsOf: pack }, what });

function lastModifiedOf(pack: PackRecord): number | undefined {
  return pack.lastModified === undefined ? undefined : pack.lastModified * 1000;
}
