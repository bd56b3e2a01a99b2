import type { DocumentRoute, PackageRoute } from '../../core/paths.js';
import { type Problem, problemJson } from '../../core/problem.js';
import type { Registry } from '../../registry/registry.js';
import { documentResource, problemResource, type Resource, JSON_TYPE, memoryResource } from '../../core/resource.js';
import { catalogParamsOf, isShadcnRequest, problemForShadcn, wantsCatalog } from '../../faces/shadcn/shadcn.js';
import { catalogSearchJob, shadcnCatalogDocument } from '../../faces/shadcn/shadcn-catalog.js';
import { type Answer, type AnswerOrLater, laterResourceAnswer, queryOf, type RequestContext, resourceAnswer } from '../answer.js';

/** Answers that differ with the request's Accept (the index, and the problems of the documents the shadcn CLIs read) say so. */
const VARY_ACCEPT = { vary: 'Accept-Encoding, Accept' };

/**
 * The registry's documents: the index, the OpenAPI description, packs and
 * icons. For the shadcn CLI, /r/registry.json is its catalog of icons, and
 * problems are plain JSON with the suggestions in `detail` (the only field it prints).
 */
export function answerDocument(request: RequestContext, route: DocumentRoute, registry: Registry): AnswerOrLater {
  const query = route.kind === 'index' || request.target.includes('?') ? queryOf(request) : undefined;
  if (route.kind === 'index') {
    if (!wantsCatalog(request.headers.accept, query as URLSearchParams)) return resourceAnswer(registry.index, VARY_ACCEPT);
    return laterResourceAnswer(shadcnCatalog(registry, query as URLSearchParams), VARY_ACCEPT);
  }
  const resource = registry.respond(route);
  if (!(resource instanceof Promise)) return documentAnswer(request, route, resource, query);
  return resource.then((made) => documentAnswer(request, route, made, query));
}

/** `/r/search.json`: search by meaning (see Registry.searchDocument). */
export function answerSearch(request: RequestContext, _route: DocumentRoute, registry: Registry): AnswerOrLater {
  return laterResourceAnswer(registry.searchDocument(queryOf(request)));
}

/**
 * A document, or its problem as the client asks for it (the shadcn CLI's, or
 * a problem document). A framework's item is only ever asked for by that
 * framework's CLI, and shadcn-vue names no media type of its own and reads
 * `detail` only from `application/json`: its problems are always the CLI's.
 */
export function documentAnswer(request: RequestContext, route: DocumentRoute, resource: Resource, query: URLSearchParams | undefined): Answer {
  if (resource.status < 400) return resourceAnswer(resource);
  if (route.kind === 'component') {
    const shown = forShadcn(resource, route);
    return { ...resourceAnswer(shown), reason: reasonPhrase(JSON.parse(shown.bytes('identity').toString('utf8')) as Problem) };
  }
  if (!isShadcnRequest(request.headers.accept, query ?? new URLSearchParams())) return resourceAnswer(resource, VARY_ACCEPT);
  return resourceAnswer(forShadcn(resource, route), VARY_ACCEPT);
}

function shadcnCatalog(registry: Registry, query: URLSearchParams): Resource | Promise<Resource> {
  const params = catalogParamsOf(query);
  if ('status' in params) return forShadcn(problemResource(params), { kind: 'index' });
  // Cached by the parameters that shape it, however the request spelt them.
  const key = `shadcn catalog ${JSON.stringify(params)}`;
  const job = catalogSearchJob(params);
  if (!job) return registry.cachedDocument(undefined, key, () => documentResource(Buffer.from(shadcnCatalogDocument(registry, params)), undefined));
  return registry.cachedDocumentLater(key, async () => {
    const found = await registry.runSearch({ ...job, first: registry.firstInSearch });
    return documentResource(Buffer.from(shadcnCatalogDocument(registry, params, found)), undefined);
  });
}

/** Longest reason phrase sent: the detail of a miss with five suggestions fits. */
const MAX_REASON_LENGTH = 400;

/** A problem's title and detail as a status line can carry them: printable ASCII, bounded. */
function reasonPhrase(problem: Problem & { title?: string }): string {
  const phrase = `${problem.title ?? 'Error'}: ${problem.detail}`.replace(/[^\x20-\x7e]/g, '?');
  return phrase.length > MAX_REASON_LENGTH ? `${phrase.slice(0, MAX_REASON_LENGTH - 3)}...` : phrase;
}

/** A problem resource as the shadcn CLI shows it: `application/json`, suggestions in `detail`. */
function forShadcn(resource: Resource, route: DocumentRoute): Resource {
  if (!resource.problem) return resource;
  const shown = problemForShadcn(resource.problem, route);
  return memoryResource({ status: resource.status, contentType: JSON_TYPE, lastModified: undefined }, Buffer.from(problemJson(shown)));
}

/** `@iconify-json/{pack}/icons.json`, as a CDN serves the npm package: the pack's document, as /r/{pack}.json answers it. */
export function answerIconifyJsonPackage(_request: RequestContext, route: PackageRoute, registry: Registry): AnswerOrLater {
  const resource = registry.respond({ kind: 'pack', pack: route.pack });
  return resource instanceof Promise ? resource.then((made) => resourceAnswer(made)) : resourceAnswer(resource);
}
