/**
 * The URL layout of the registry, in one place: the target parser, the
 * static export, the OpenAPI document, the reserved pack ids and the
 * server's own lines all read it.
 *
 * Documents live under `{base}/r/`: `registry.json`, `openapi.json`,
 * `{pack}.json`, `{pack}/{name}.json` and `{framework}/{pack}/{name}.json`,
 * beside the bundles of many icons (`bundle.json|svg|zip`), whole packs as
 * zips (`{pack}.zip`, and a revision's, `{pack}@{version}.zip`) and search
 * by meaning (`search.json`).
 * `/healthz` is at the root, whatever the base path, where load balancers
 * look for it.
 */

/** The frameworks whose components have documents of their own, `/r/{framework}/{pack}/{name}.json`. */
export const FRAMEWORKS = ['vue', 'svelte', 'solid', 'jsx'] as const;
export type Framework = (typeof FRAMEWORKS)[number];
const FRAMEWORK_IDS: ReadonlySet<string> = new Set(FRAMEWORKS);

/** The registry's own documents, under `{base}/r/`: what the static export writes. */
export type DocumentRoute =
  | { kind: 'index' }
  | { kind: 'openapi' }
  | { kind: 'search' }
  | { kind: 'pack'; pack: string }
  | { kind: 'icon'; pack: string; name: string }
  | { kind: 'component'; framework: Framework; pack: string; name: string };

/**
 * A pack as the npm package `@iconify-json/{pack}` holds it, at
 * `{base}/@iconify-json/{pack}/icons.json`: where build tools that fetch
 * icon sets from a CDN (UnoCSS's preset-icons with `cdn`) look for it.
 */
export type PackageRoute = { kind: 'iconify-json-package'; pack: string };

/**
 * The registry as an npm registry for the packages `@iconify-json/{pack}`,
 * under `{base}/npm/`: a package's packument at
 * `{base}/npm/@iconify-json%2f{pack}` (the form npm asks for) or
 * `{base}/npm/@iconify-json/{pack}`, and its tarballs at
 * `{base}/npm/@iconify-json/{pack}/-/{file}`. `name` is the package name as
 * asked, whatever it is (a name outside the scope is answered as npm
 * registries answer a missing package); `pack` is the pack id it names, ''
 * for a name outside the scope.
 */
export type NpmRoute = { kind: 'npm-packument'; name: string; pack: string } | { kind: 'npm-tarball'; name: string; pack: string; file: string };

/** The folder of the npm registry, under the base path. */
export const NPM_FOLDER = 'npm';
/** The npm scope whose packages the registry serves: the packs, as the real `@iconify-json/{pack}` packages lay them out. */
export const NPM_SCOPE = '@iconify-json';
/** Between a package's name and its tarballs' file names, as in npm's own registry. */
const NPM_TARBALLS_MARK = '-';

/** What a bundle of many icons is answered as: one IconifyJSON per pack, an SVG sprite, or a zip of files. */
export type BundleFormat = 'json' | 'svg' | 'zip';
export const BUNDLE_FORMATS: readonly BundleFormat[] = ['json', 'svg', 'zip'];

/**
 * Many icons at once, under `{base}/r/`: `bundle.{json|svg|zip}?icons=...`
 * (the list is in the query), a whole pack as a zip, `{pack}.zip`, and a
 * revision of a pack as a zip, `{pack}@{version}.zip` (`version` as asked,
 * as in a PinnedRoute: an exact revision or a range).
 */
export type BundleRoute = { kind: 'bundle'; format: BundleFormat } | { kind: 'pack-zip'; pack: string } | { kind: 'pinned-zip'; pack: string; version: string };

/**
 * The Iconify API's routes, at the root (under the base path): icon data
 * (`/{prefix}.json`, `/{prefix}/icons.json`, and the `.js` forms), SVG
 * (`/{prefix}/{name}.svg`, `/{prefix}:{name}.svg`, `/{prefix}-{name}.svg`)
 * and the lists.
 */
export type IconifyRoute =
  | { kind: 'iconify-icons'; prefix: string; script: boolean }
  | { kind: 'iconify-svg'; prefix: string; name: string }
  | { kind: 'iconify-css'; prefix: string }
  | { kind: 'iconify-collections' }
  | { kind: 'iconify-collection' }
  | { kind: 'iconify-list-icons'; categorized: boolean }
  | { kind: 'iconify-last-modified' }
  | { kind: 'iconify-search' }
  | { kind: 'iconify-keywords' };

/**
 * A revision of a pack, pinned: `/r/{pack}@{version}.json` (its document),
 * `/r/{pack}@{version}/{name}.json` (an icon's) and
 * `/r/{framework}/{pack}@{version}/{name}.json` (a component's). `version`
 * is as asked: an exact revision, or a range (`1`, `^1.2.100`, `latest`)
 * that is answered with a redirect to the exact one.
 */
export type PinnedRoute = { kind: 'pinned'; pack: string; version: string; name?: string; framework?: Framework };

/**
 * What changed in a pack between two revisions, a pack's history, or across
 * packs since a moment: `/r/changes.json`; the same revisions as an Atom
 * feed for feed readers: `/r/changes.atom`.
 */
export type ChangesRoute = { kind: 'changes' } | { kind: 'changes-atom' };

/**
 * The registry as it answered at a past moment: any route under
 * `{base}/at/{moment}/`, where the moment is a date (`2026-11-25`, its start
 * in UTC) or an instant (`2026-11-25T10:00:00Z`).
 */
export type AtRoute = { kind: 'at'; moment: string; route: Route };

/** The folder of the past moments, under the base path: no pack can be called so. */
export const AT_FOLDER = 'at';

/** Separates a pack id from the version it is pinned to; no pack id can hold it. */
export const VERSION_MARK = '@';

/** The page to find and take icons: `{base}/` and its assets under `{base}/ui/`. */
export type PageRoute = { kind: 'page' } | { kind: 'page-asset'; file: string };

/**
 * For agents: the MCP server at `{base}/mcp` (the one route that takes POST,
 * for the protocol's messages) and `{base}/llms.txt`, what the registry is
 * and how its routes are used, for those that read rather than call. Neither
 * can be an Iconify route of a pack called `mcp` or `llms` (those all end in
 * `.json`, `.js`, `.css` or `.svg`, or lie one folder down), so no pack id is
 * reserved for them.
 */
export type AgentRoute = { kind: 'mcp' } | { kind: 'llms' };

/** What a request target asks for, once decoded. Names are not validated here, but for the Iconify API's. */
export type Route =
  | { kind: 'health' }
  | DocumentRoute
  | PinnedRoute
  | ChangesRoute
  | BundleRoute
  | PreviewRoute
  | IconifyRoute
  | PageRoute
  | PackageRoute
  | NpmRoute
  | AgentRoute
  | AtRoute;

/** The folder of every document, under the base path. */
export const DOCUMENTS_FOLDER = 'r';
/** Every document's path ends with it. */
export const DOCUMENT_SUFFIX = '.json';
/** File stems of the registry's own documents under /r/. */
export const INDEX_STEM = 'registry';
export const OPENAPI_STEM = 'openapi';
/** Search by meaning: `/r/search.json?q=` (not exported: it answers queries). */
export const SEARCH_STEM = 'search';
/**
 * An icon drawn as a PNG at one of a few sizes, `{base}/r/{pack}/{name}.png?size=`:
 * what the page shows for glyphs too heavy to draw as vectors at every frame;
 * and many icons' previews in one answer, `{base}/r/previews.json?icons=&size=`,
 * so that a screen of them is a few requests rather than one per cell.
 */
export type PreviewRoute = { kind: 'preview'; pack: string; name: string; version?: string } | { kind: 'previews' };

/** What changed between revisions: `/r/changes.json?pack=&from=&to=`. */
export const CHANGES_STEM = 'changes';
/** The suffix of the Atom feed of changes, `/r/changes.atom`. */
export const ATOM_SUFFIX = '.atom';
/** File stem of the bundles of many icons under /r/. */
export const BUNDLE_STEM = 'bundle';
/** An icon's raster preview: `{pack}/{name}.png` beside `{pack}/{name}.json`. */
export const PREVIEW_SUFFIX = '.png';
/** File stem of the previews of many icons under /r/. */
export const PREVIEWS_STEM = 'previews';
/** A whole pack as a zip of its icons: `{pack}.zip` beside `{pack}.json`. */
export const ZIP_SUFFIX = '.zip';
/**
 * Stem of the problem document a static web server sends for any missing
 * path. The underscore keeps it apart from every pack id (ids cannot hold one).
 */
export const NOT_FOUND_STEM = '_not-found';
export const HEALTH_PATH = '/healthz';
/** The folder of the page's assets, under the base path. */
export const PAGE_ASSETS_FOLDER = 'ui';
/** The MCP server's path segment, under the base path. */
export const MCP_SEGMENT = 'mcp';
/** The llms.txt file, under the base path. */
export const LLMS_FILE = 'llms.txt';
/** The folder of the npm packages a CDN would serve, and the one file of each that is served. */
export const PACKAGES_FOLDER = '@iconify-json';
export const PACKAGE_FILE = 'icons.json';
/**
 * The page's assets are named `app-<hash>.js|css`: no such name is a route
 * of the Iconify API under a pack called `ui` (`/ui/icons.json`, `/ui/{name}.svg`).
 */
export const PAGE_ASSET_NAME = /^app-[0-9a-f]{12}\.(js|css)$/;

/**
 * Pack ids that would collide with the registry's own documents under /r/.
 * A pack with one of these ids could never be addressed, so it is refused.
 */
export const RESERVED_PACK_IDS: ReadonlySet<string> = new Set([
  INDEX_STEM,
  OPENAPI_STEM,
  SEARCH_STEM,
  BUNDLE_STEM,
  PREVIEWS_STEM,
  CHANGES_STEM,
  DOCUMENTS_FOLDER,
  AT_FOLDER,
]);

/** Normalises `--base-path` to '' or '/segment[/segment...]' without a trailing slash. */
export function normaliseBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

const documentsPath = (basePath: string) => `${basePath}/${DOCUMENTS_FOLDER}`;

/** The URL path of a route (also where the export writes it). Names are inserted as they are. */
export function pathOf(route: Route, basePath: string): string {
  switch (route.kind) {
    case 'health':
      return HEALTH_PATH;
    case 'index':
      return `${documentsPath(basePath)}/${INDEX_STEM}${DOCUMENT_SUFFIX}`;
    case 'openapi':
      return `${documentsPath(basePath)}/${OPENAPI_STEM}${DOCUMENT_SUFFIX}`;
    case 'search':
      return `${documentsPath(basePath)}/${SEARCH_STEM}${DOCUMENT_SUFFIX}`;
    case 'pack':
      return `${documentsPath(basePath)}/${route.pack}${DOCUMENT_SUFFIX}`;
    case 'icon':
      return `${packFolderPath(basePath, route.pack)}/${route.name}${DOCUMENT_SUFFIX}`;
    case 'component':
      return `${documentsPath(basePath)}/${route.framework}/${route.pack}/${route.name}${DOCUMENT_SUFFIX}`;
    case 'pinned': {
      const pinned = `${route.pack}${VERSION_MARK}${encodeURIComponent(route.version)}`;
      if (route.name === undefined) return `${documentsPath(basePath)}/${pinned}${DOCUMENT_SUFFIX}`;
      return `${documentsPath(basePath)}/${route.framework ? `${route.framework}/` : ''}${pinned}/${route.name}${DOCUMENT_SUFFIX}`;
    }
    case 'changes':
      return `${documentsPath(basePath)}/${CHANGES_STEM}${DOCUMENT_SUFFIX}`;
    case 'changes-atom':
      return `${documentsPath(basePath)}/${CHANGES_STEM}${ATOM_SUFFIX}`;
    case 'iconify-json-package':
      return `${basePath}/${PACKAGES_FOLDER}/${route.pack}/${PACKAGE_FILE}`;
    case 'bundle':
      return `${documentsPath(basePath)}/${BUNDLE_STEM}.${route.format}`;
    case 'preview': {
      const pack = route.version === undefined ? route.pack : `${route.pack}${VERSION_MARK}${encodeURIComponent(route.version)}`;
      return `${packFolderPath(basePath, pack)}/${route.name}${PREVIEW_SUFFIX}`;
    }
    case 'previews':
      return `${documentsPath(basePath)}/${PREVIEWS_STEM}${DOCUMENT_SUFFIX}`;
    case 'pack-zip':
      return `${documentsPath(basePath)}/${route.pack}${ZIP_SUFFIX}`;
    case 'pinned-zip':
      return `${documentsPath(basePath)}/${route.pack}${VERSION_MARK}${encodeURIComponent(route.version)}${ZIP_SUFFIX}`;
    case 'iconify-icons':
      return `${basePath}/${route.prefix}${route.script ? '.js' : '.json'}`;
    case 'iconify-svg':
      return `${basePath}/${route.prefix}/${route.name}.svg`;
    case 'iconify-css':
      return `${basePath}/${route.prefix}.css`;
    case 'iconify-collections':
      return `${basePath}/collections`;
    case 'iconify-collection':
      return `${basePath}/collection`;
    case 'iconify-list-icons':
      return `${basePath}/${route.categorized ? 'list-icons-categorized' : 'list-icons'}`;
    case 'iconify-last-modified':
      return `${basePath}/last-modified`;
    case 'page':
      return `${basePath}/`;
    case 'page-asset':
      return `${basePath}/${PAGE_ASSETS_FOLDER}/${route.file}`;
    case 'iconify-search':
      return `${basePath}/search`;
    case 'npm-packument':
      // npm asks for a scoped package with its slash escaped; both forms are answered.
      return `${basePath}/${NPM_FOLDER}/${route.name.replace('/', '%2f')}`;
    case 'npm-tarball':
      return `${basePath}/${NPM_FOLDER}/${route.name}/${NPM_TARBALLS_MARK}/${route.file}`;
    case 'iconify-keywords':
      return `${basePath}/keywords`;
    case 'at':
      return pathOf(route.route, momentBasePath(basePath, route.moment));
    case 'mcp':
      return `${basePath}/${MCP_SEGMENT}`;
    case 'llms':
      return `${basePath}/${LLMS_FILE}`;
  }
}

/** The base path of the registry as it was at a moment: every route of it lies under this one. */
export function momentBasePath(basePath: string, moment: string): string {
  return `${basePath}/${AT_FOLDER}/${encodeURIComponent(moment)}`;
}

/**
 * What the Iconify API accepts as a prefix or an icon name in a path (case
 * matters), at most 100 characters: its router (fastify's default
 * maxParamLength) matches no route for a longer path parameter.
 */
const ICONIFY_PART = /^[a-z0-9-]{1,100}$/;
/** `{prefix}:{name}` or `{prefix}-{name}` before `.svg`, one path parameter of the reference's, split below. */
const ICONIFY_SVG_NAME = /^(?=.{2,100}$)[a-z0-9-]+:?[a-z0-9-]+$/;

/** The Iconify API route of the segments after the base path, if any. */
function iconifyRouteOf(rest: readonly string[]): IconifyRoute | undefined {
  const [first = '', second] = rest;
  if (rest.length === 1) {
    if (first === 'collections') return { kind: 'iconify-collections' };
    if (first === 'collection') return { kind: 'iconify-collection' };
    if (first === 'list-icons' || first === 'list-icons-categorized') return { kind: 'iconify-list-icons', categorized: first === 'list-icons-categorized' };
    if (first === 'last-modified') return { kind: 'iconify-last-modified' };
    if (first === 'search') return { kind: 'iconify-search' };
    if (first === 'keywords') return { kind: 'iconify-keywords' };
    const dot = first.lastIndexOf('.');
    const stem = first.slice(0, dot);
    const extension = first.slice(dot + 1);
    if (dot <= 0) return undefined;
    if ((extension === 'json' || extension === 'js') && ICONIFY_PART.test(stem)) return { kind: 'iconify-icons', prefix: stem, script: extension === 'js' };
    if (extension === 'css' && ICONIFY_PART.test(stem)) return { kind: 'iconify-css', prefix: stem };
    if (extension === 'svg' && ICONIFY_SVG_NAME.test(stem)) {
      const parts = stem.split(':');
      if (parts.length === 2) return { kind: 'iconify-svg', prefix: parts[0] as string, name: parts[1] as string };
      const dash = stem.indexOf('-');
      if (dash > 0) return { kind: 'iconify-svg', prefix: stem.slice(0, dash), name: stem.slice(dash + 1) };
    }
    return undefined;
  }
  if (rest.length === 2 && second !== undefined && ICONIFY_PART.test(first)) {
    if (second === 'icons.json' || second === 'icons.js') return { kind: 'iconify-icons', prefix: first, script: second === 'icons.js' };
    if (second.endsWith('.svg') && ICONIFY_PART.test(second.slice(0, -4))) return { kind: 'iconify-svg', prefix: first, name: second.slice(0, -4) };
  }
  return undefined;
}

/** The folder holding a pack's icon documents. */
export function packFolderPath(basePath: string, pack: string): string {
  return `${documentsPath(basePath)}/${pack}`;
}

/** Where an export keeps the problem document for missing paths. */
export function notFoundPath(basePath: string): string {
  return `${documentsPath(basePath)}/${NOT_FOUND_STEM}${DOCUMENT_SUFFIX}`;
}

/**
 * The route of a path's decoded segments ('' first, as '/a/b' splits), or
 * undefined when the layout has nothing there.
 */
export function routeOfSegments(segments: readonly string[], basePath: string): Route | undefined {
  if (segments.length === 2 && segments[0] === '' && `/${segments[1]}` === HEALTH_PATH) return { kind: 'health' };
  const at = atRouteOf(segments, basePath);
  if (at) return at;
  const document =
    documentRouteOf(segments, basePath) ?? bundleRouteOf(segments, basePath) ?? changesAtomRouteOf(segments, basePath) ?? previewRouteOf(segments, basePath);
  if (document) return document;
  const rest = segmentsAfterBase(segments, basePath);
  // The Iconify API's routes of a pack called `npm` (`/npm/icons.json`, `/npm/{name}.svg`) come before the npm registry's.
  return rest && (pageRouteOf(rest) ?? agentRouteOf(rest) ?? packageRouteOf(rest) ?? iconifyRouteOf(rest) ?? npmRouteOf(rest));
}

/**
 * Everything else under `{base}/npm/`: `{name}/-/{file}` is a tarball, any
 * other path a packument of the name its segments spell (joined by '/', so
 * `@iconify-json%2facme`, decoded in one segment, and `@iconify-json/acme`
 * name the same package).
 */
function npmRouteOf(rest: readonly string[]): NpmRoute | undefined {
  if (rest.length < 2 || rest[0] !== NPM_FOLDER) return undefined;
  const segments = rest.slice(1);
  const mark = segments.indexOf(NPM_TARBALLS_MARK);
  if (mark > 0 && mark === segments.length - 2) {
    const name = segments.slice(0, mark).join('/');
    return { kind: 'npm-tarball', name, pack: packOfPackage(name), file: segments[mark + 1] as string };
  }
  const name = segments.join('/');
  return { kind: 'npm-packument', name, pack: packOfPackage(name) };
}

/** The pack id a package name names: what follows `@iconify-json/`, or '' for a name outside the scope. */
export function packOfPackage(name: string): string {
  return name.startsWith(`${NPM_SCOPE}/`) ? name.slice(NPM_SCOPE.length + 1) : '';
}

/** `{base}/at/{moment}/{route}`: any route but another moment's and the health check, which has one answer. */
function atRouteOf(segments: readonly string[], basePath: string): AtRoute | undefined {
  const base = baseSegments(basePath).length;
  const rest = segmentsAfterBase(segments, basePath);
  const moment = rest?.[1];
  if (rest?.[0] !== AT_FOLDER || moment === undefined || rest.length < 3) return undefined;
  const route = routeOfSegments([...segments.slice(0, base), ...rest.slice(2)], basePath);
  if (!route || route.kind === 'at' || route.kind === 'health') return undefined;
  return { kind: 'at', moment, route };
}

/** `{base}/mcp` and `{base}/llms.txt`. */
function agentRouteOf(rest: readonly string[]): AgentRoute | undefined {
  if (rest.length !== 1) return undefined;
  if (rest[0] === MCP_SEGMENT) return { kind: 'mcp' };
  if (rest[0] === LLMS_FILE) return { kind: 'llms' };
  return undefined;
}

/** `{base}/@iconify-json/{pack}/icons.json`. */
function packageRouteOf(rest: readonly string[]): PackageRoute | undefined {
  const [first, pack, file] = rest;
  if (rest.length === 3 && first === PACKAGES_FOLDER && file === PACKAGE_FILE && pack) return { kind: 'iconify-json-package', pack };
  return undefined;
}

/** The segments after those of the base path, or undefined when the path is not under it or is the base path itself. */
function segmentsAfterBase(segments: readonly string[], basePath: string): readonly string[] | undefined {
  const base = baseSegments(basePath);
  if (segments.length <= base.length) return undefined;
  for (let i = 0; i < base.length; i++) if (segments[i] !== base[i]) return undefined;
  return segments.slice(base.length);
}

/** `{base}/` (the segments after the base are one empty one) and `{base}/ui/app-<hash>.js|css`. */
function pageRouteOf(rest: readonly string[]): PageRoute | undefined {
  const [first, second] = rest;
  if (rest.length === 1 && first === '') return { kind: 'page' };
  if (rest.length === 2 && first === PAGE_ASSETS_FOLDER && second !== undefined && PAGE_ASSET_NAME.test(second)) return { kind: 'page-asset', file: second };
  return undefined;
}

/**
 * `{pack}@{version}` split, when a segment is one. Nothing after the mark
 * (`lucide@`) is the pack pinned to an empty version, which names no
 * revision (see revisionOf), not a pack whose id ends in '@'.
 */
function pinnedPack(segment: string): { pack: string; version: string } | undefined {
  const mark = segment.indexOf(VERSION_MARK);
  if (mark <= 0) return undefined;
  return { pack: segment.slice(0, mark), version: segment.slice(mark + 1) };
}

function documentRouteOf(segments: readonly string[], basePath: string): DocumentRoute | PinnedRoute | ChangesRoute | undefined {
  const expected = documentsSegments(basePath);
  const count = segments.length - expected.length;
  if (count < 1 || count > 3) return undefined;
  for (let i = 0; i < expected.length; i++) if (segments[i] !== expected[i]) return undefined;
  const last = segments[segments.length - 1] as string;
  if (!last.endsWith(DOCUMENT_SUFFIX)) return undefined;
  const stem = last.slice(0, -DOCUMENT_SUFFIX.length);
  const first = segments[expected.length] as string;
  // An empty segment ('/r//x.json', '/r/.json') names nothing.
  if (stem === '' || first === '') return undefined;
  if (count === 3) {
    const pack = segments[expected.length + 1] as string;
    if (!FRAMEWORK_IDS.has(first) || pack === '') return undefined;
    const pinned = pinnedPack(pack);
    if (pinned) return { kind: 'pinned', ...pinned, name: stem, framework: first as Framework };
    return { kind: 'component', framework: first as Framework, pack, name: stem };
  }
  if (count === 2) {
    const pinned = pinnedPack(first);
    return pinned ? { kind: 'pinned', ...pinned, name: stem } : { kind: 'icon', pack: first, name: stem };
  }
  if (stem === BUNDLE_STEM || stem === PREVIEWS_STEM) return undefined;
  if (stem === INDEX_STEM) return { kind: 'index' };
  if (stem === OPENAPI_STEM) return { kind: 'openapi' };
  if (stem === SEARCH_STEM) return { kind: 'search' };
  if (stem === CHANGES_STEM) return { kind: 'changes' };
  const pinned = pinnedPack(stem);
  return pinned ? { kind: 'pinned', ...pinned } : { kind: 'pack', pack: stem };
}

/**
 * `{base}/r/bundle.{json|svg|zip}`, `{base}/r/{pack}.zip` and
 * `{base}/r/{pack}@{version}.zip` (`bundle.json` is not a pack document:
 * `bundle` is a reserved id).
 */
function bundleRouteOf(segments: readonly string[], basePath: string): BundleRoute | undefined {
  const expected = documentsSegments(basePath);
  if (segments.length !== expected.length + 1) return undefined;
  for (let i = 0; i < expected.length; i++) if (segments[i] !== expected[i]) return undefined;
  const last = segments[expected.length] as string;
  const dot = last.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const stem = last.slice(0, dot);
  const extension = last.slice(dot + 1);
  if (stem === BUNDLE_STEM) {
    const format = BUNDLE_FORMATS.find((known) => known === extension);
    return format && { kind: 'bundle', format };
  }
  if (`.${extension}` !== ZIP_SUFFIX) return undefined;
  const pinned = pinnedPack(stem);
  return pinned ? { kind: 'pinned-zip', ...pinned } : { kind: 'pack-zip', pack: stem };
}

/** `{base}/r/{pack}/{name}.png` and `{base}/r/previews.json`. */
function previewRouteOf(segments: readonly string[], basePath: string): PreviewRoute | undefined {
  const expected = documentsSegments(basePath);
  for (let i = 0; i < expected.length; i++) if (segments[i] !== expected[i]) return undefined;
  if (segments.length === expected.length + 1) return segments[expected.length] === `${PREVIEWS_STEM}${DOCUMENT_SUFFIX}` ? { kind: 'previews' } : undefined;
  if (segments.length !== expected.length + 2) return undefined;
  const pack = segments[expected.length] as string;
  const last = segments[expected.length + 1] as string;
  if (!last.endsWith(PREVIEW_SUFFIX)) return undefined;
  const name = last.slice(0, -PREVIEW_SUFFIX.length);
  // An empty segment names nothing. A pinned revision's is answered that it has none (see previewResource).
  if (pack === '' || name === '') return undefined;
  const pinned = pinnedPack(pack);
  return pinned ? { kind: 'preview', pack: pinned.pack, name, version: pinned.version } : { kind: 'preview', pack, name };
}

/** `{base}/r/changes.atom`. */
function changesAtomRouteOf(segments: readonly string[], basePath: string): ChangesRoute | undefined {
  const expected = documentsSegments(basePath);
  if (segments.length !== expected.length + 1 || segments[expected.length] !== `${CHANGES_STEM}${ATOM_SUFFIX}`) return undefined;
  for (let i = 0; i < expected.length; i++) if (segments[i] !== expected[i]) return undefined;
  return { kind: 'changes-atom' };
}

/** The segments of `{base}/r`, made once per base path: '' splits to [''], '/icons' to ['', 'icons']. */
const documentsSegmentsOf = new Map<string, readonly string[]>();
function documentsSegments(basePath: string): readonly string[] {
  let segments = documentsSegmentsOf.get(basePath);
  if (!segments) documentsSegmentsOf.set(basePath, (segments = [...baseSegments(basePath), DOCUMENTS_FOLDER]));
  return segments;
}

const baseSegments = (basePath: string): readonly string[] => basePath.split('/');
