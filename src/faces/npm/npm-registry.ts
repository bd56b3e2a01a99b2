import { createHash } from 'node:crypto';
import { NPM_SCOPE, type NpmRoute, pathOf } from '../../core/paths.js';
import { badRequest, type Problem, problemJson, quoted } from '../../core/problem.js';
import { memoryResource, NPM_ABBREVIATED_TYPE, PROBLEM_TYPE, type Resource } from '../../core/resource.js';
import type { KeptFile } from '../../registry/kept-files.js';
import type { PackageVersion } from '../../registry/package-versions.js';
import { IMMUTABLE } from '../../registry/pinned.js';
import type { Registry } from '../../registry/registry.js';
import { isValidName } from '../../util/names.js';
import { npmVersionOf } from '../../data/catalog/revision-names.js';
import { tarballFileOf } from './npm-versions.js';
import { isLargeDocument } from '../../util/sized-job-threads.js';
import { packageMaker } from './package-thread-runner.js';

const FULL_PACKUMENT_TYPE = 'application/json; charset=utf-8';
const TARBALL_TYPE = 'application/octet-stream';

/** How the request asked for a packument: the origin its tarballs are fetched from, and which of npm's two forms. */
export interface PackumentRequest {
  /** `http://host:port` as the client reached the registry (npm needs absolute tarball addresses); undefined when the request does not say. */
  origin: string | undefined;
  abbreviated: boolean;
}

/** A version of a pack as npm sees it: the revision, its npm version, and a digest of what its package is made from. */
interface NpmVersion {
  revision: PackageVersion;
  version: string;
  contentDigest: string;
}

/** npmVersionsOf's lists, by the list of versions they are made of: the registry gives the same list until the history is written. */
const npmVersionsByList = new WeakMap<readonly PackageVersion[], NpmVersion[]>();

/**
 * A problem in the form npm's clients read: a problem document whose
 * `error` member repeats the detail, which npm prints after the status
 * line (`404 Not Found - GET .../npm/@iconify-json%2facme - There is no pack 'acme'.`).
 */
export function npmProblemResource(problem: Problem): Resource {
  const body = { ...(JSON.parse(problemJson(problem)) as Record<string, unknown>), error: problem.detail };
  return { ...memoryResource({ status: problem.status, contentType: PROBLEM_TYPE, lastModified: undefined }, Buffer.from(JSON.stringify(body))), problem };
}

const notInRegistry = (name: string): Problem => ({
  status: 404,
  code: 'package_not_found',
  detail: `This registry serves the packs as ${NPM_SCOPE}/{pack} only: there is no package ${quoted(name)}.`,
});

const noSuchPack = (pack: string): Problem => ({ status: 404, code: 'pack_not_found', detail: `There is no pack ${quoted(pack)}.` });

/**
 * Each version of a served pack with its npm version (see npm-versions.ts),
 * oldest first: a revision whose name gives none, or the same one as an
 * earlier revision's, is left out.
 */
function npmVersionsOf(registry: Registry, pack: string): NpmVersion[] | Problem {
  const revisions = isValidName(pack) ? registry.packageVersions(pack) : undefined;
  if (!revisions) return noSuchPack(pack);
  const known = npmVersionsByList.get(revisions);
  if (known) return known;
  const seen = new Set<string>();
  const versions: NpmVersion[] = [];
  for (const revision of revisions) {
    const version = npmVersionOf(revision.version);
    if (version === undefined || seen.has(version)) continue;
    seen.add(version);
    versions.push({ revision, version, contentDigest: createHash('sha256').update(revision.key).digest('hex').slice(0, 16) });
  }
  npmVersionsByList.set(revisions, versions);
  return versions;
}

/** The whole seconds of an HTTP date, or undefined. */
const wholeSeconds = (ms: number | undefined) => (ms === undefined ? undefined : Math.floor(ms / 1000) * 1000);

/**
 * A version's package, made once in the package thread and kept for good
 * (see Registry.keptFile): its file is named by the npm version and a
 * digest of the content it is made from.
 */
function packageOf(registry: Registry, pack: string, { revision, version, contentDigest }: NpmVersion): KeptFile | Promise<KeptFile> {
  const fields = { contentType: TARBALL_TYPE, cacheControl: IMMUTABLE, lastModified: wholeSeconds(revision.recorded) };
  return registry.keptFile(pack, `${tarballFileOf(pack, version)}.${contentDigest}`, fields, async () => {
    const made = await packageMaker().make({ pack, version, large: isLarge(registry, pack), document: () => revision.document() });
    return { bytes: made.tarball, about: { manifest: made.manifest, fileCount: made.fileCount, unpackedSize: made.unpackedSize } };
  });
}

/** Whether a pack's packages are made beside the others' (see isLargeDocument): by its document as served, which its kept revisions' are near. */
const isLarge = (registry: Registry, pack: string) => isLargeDocument(registry.packDocumentLength(pack));

/** `{base}/npm/@iconify-json/{pack}/-/{pack}-{version}.tgz`: a version's tarball, immutable. */
export function tarballResource(registry: Registry, route: Extract<NpmRoute, { kind: 'npm-tarball' }>): Resource | Promise<Resource> {
  if (!route.pack) return npmProblemResource(notInRegistry(route.name));
  const versions = npmVersionsOf(registry, route.pack);
  if (!Array.isArray(versions)) return npmProblemResource(versions);
  const wanted = versions.find(({ version }) => tarballFileOf(route.pack, version) === route.file);
  if (!wanted) {
    return npmProblemResource({
      status: 404,
      code: 'unknown_version',
      detail: `${NPM_SCOPE}/${route.pack} has no tarball ${quoted(route.file)}: its packument lists the versions it has.`,
    });
  }
  const kept = packageOf(registry, route.pack, wanted);
  return kept instanceof Promise ? kept.then((made) => made.resource) : kept.resource;
}

/**
 * `{base}/npm/@iconify-json%2f{pack}`: the packument of a pack's package,
 * in full or, when npm asks for it, abbreviated: every version of the pack
 * (see Registry.packageVersions), `latest` the one the unpinned addresses
 * serve. Kept by the versions it lists and the origin it names.
 */
export function packumentResource(
  registry: Registry,
  route: Extract<NpmRoute, { kind: 'npm-packument' }>,
  request: PackumentRequest,
): Resource | Promise<Resource> {
  if (!route.pack) return npmProblemResource(notInRegistry(route.name));
  const versions = npmVersionsOf(registry, route.pack);
  if (!Array.isArray(versions)) return npmProblemResource(versions);
  const origin = request.origin;
  if (origin === undefined) {
    return npmProblemResource(badRequest('A packument names its tarballs by absolute addresses: the request needs a Host header naming this server.'));
  }
  const listed = createHash('sha256')
    .update(versions.map(({ revision, version }) => `${version} ${revision.key} ${revision.served}`).join('\n'))
    .digest('base64url');
  const what = `npm packument ${request.abbreviated ? 'abbreviated' : 'full'} ${request.origin} ${listed}`;
  return registry.cachedDocumentLater(
    what,
    async () => {
      const kept: KeptFile[] = [];
      // One at a time: a pack with many versions not made yet takes one place in the package thread's queue, not one per version.
      for (const version of versions) kept.push(await packageOf(registry, route.pack, version));
      const document = packumentOf(registry, route.pack, versions, kept, origin, request.abbreviated);
      const newest = Math.max(0, ...versions.map(({ revision }) => revision.recorded ?? 0));
      return memoryResource(
        { status: 200, contentType: request.abbreviated ? NPM_ABBREVIATED_TYPE : FULL_PACKUMENT_TYPE, lastModified: wholeSeconds(newest || undefined) },
        Buffer.from(JSON.stringify(document)),
      );
    },
    route.pack,
  );
}

/** The packument, as npm's own registry writes it: its versions oldest first, each with its manifest and `dist`. */
function packumentOf(registry: Registry, pack: string, versions: readonly NpmVersion[], kept: readonly KeptFile[], origin: string, abbreviated: boolean) {
  const name = `${NPM_SCOPE}/${pack}`;
  const latest = (versions.find(({ revision }) => revision.served) ?? versions.at(-1))?.version;
  const entries = versions.map(({ version }, i) => {
    const file = kept[i] as KeptFile;
    const about = file.about as { manifest: Record<string, unknown>; fileCount: number; unpackedSize: number };
    const tarball = `${origin}${pathOf({ kind: 'npm-tarball', name, pack, file: tarballFileOf(pack, version) }, registry.basePath)}`;
    const dist = { tarball, integrity: `sha512-${file.sha512}`, shasum: file.sha1, fileCount: about.fileCount, unpackedSize: about.unpackedSize };
    const manifest = about.manifest;
    const shown = abbreviated ? { name, version, dependencies: manifest.dependencies, dist } : { ...manifest, _id: `${name}@${version}`, dist };
    return [version, shown] as const;
  });
  const times = versions
    .filter(({ revision }) => revision.recorded !== undefined)
    .map(({ revision, version }) => [version, new Date(revision.recorded as number).toISOString()] as const);
  const modified = times
    .map(([, time]) => time)
    .sort()
    .at(-1);
  const distTags = latest === undefined ? {} : { latest };
  if (abbreviated) return { name, ...(modified ? { modified } : {}), 'dist-tags': distTags, versions: Object.fromEntries(entries) };
  const newestManifest = (kept.at(-1)?.about as { manifest?: Record<string, unknown> } | undefined)?.manifest ?? {};
  return {
    _id: name,
    name,
    description: newestManifest.description,
    'dist-tags': distTags,
    versions: Object.fromEntries(entries),
    ...(times.length ? { time: { created: times.map(([, time]) => time).sort()[0], modified, ...Object.fromEntries(times) } } : {}),
    ...(newestManifest.license ? { license: newestManifest.license } : {}),
  };
}
