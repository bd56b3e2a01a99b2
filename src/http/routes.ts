import { unlessRevisionJobsBusy } from './handlers/revision-jobs.js';
import type { AtRoute, Route } from '../core/paths.js';
import { contentTooLarge, mcpMethodNotAllowed, methodNotAllowed } from '../core/problem.js';
import type { Registry } from '../registry/registry.js';
import { isProblem, MAX_BODY_BYTES, parseTarget } from '../core/target.js';
import { problemAnswer, type Answer, type AnswerOrLater, type RequestContext } from './answer.js';
import { answerBundle, answerPackZip, answerPinnedZip } from './handlers/bundles.js';
import { answerDocument, answerIconifyJsonPackage, answerSearch } from './handlers/documents.js';
import { answerHealth } from './handlers/health.js';
import { answerLlms } from './handlers/llms.js';
import { answerMcp, MCP_ALLOWED_METHODS } from './handlers/mcp.js';
import {
  answerIconifyCollection,
  answerIconifyCollections,
  answerIconifyCss,
  answerIconifyIcons,
  answerIconifyKeywords,
  answerIconifyListIcons,
  answerIconifyLastModified,
  answerIconifySearch,
  answerIconifySvg,
} from './handlers/iconify.js';
import { answerNpmPackument, answerNpmTarball } from './handlers/npm.js';
import { answerPage, answerPageAsset } from './handlers/page.js';
import { answerPreflight } from './handlers/preflight.js';
import { answerPreview } from './handlers/preview.js';
import { answerChanges, answerChangesAtom, answerPinned } from './handlers/versions.js';
import { settledAnswer } from './handlers/moments.js';
import { ALLOWED_METHODS } from './headers.js';

/** A route's handler: the request, what its target was parsed into, and the registry that answers it. */
type Handler<K extends Route['kind']> = (request: RequestContext, route: Extract<Route, { kind: K }>, registry: Registry) => AnswerOrLater;

/** Every route of the URL layout (registry/paths.ts) and the handler that answers it. */
const ROUTES: { readonly [K in Route['kind']]: Handler<K> } = {
  health: answerHealth,
  index: answerDocument,
  openapi: answerDocument,
  search: answerSearch,
  pack: answerDocument,
  icon: answerDocument,
  component: answerDocument,
  pinned: answerPinned,
  changes: answerChanges,
  'changes-atom': answerChangesAtom,
  'iconify-json-package': answerIconifyJsonPackage,
  bundle: answerBundle,
  'pack-zip': answerPackZip,
  'pinned-zip': answerPinnedZip,
  preview: answerPreview,
  previews: answerPreview,
  'iconify-icons': answerIconifyIcons,
  'iconify-svg': answerIconifySvg,
  'iconify-css': answerIconifyCss,
  'iconify-collections': answerIconifyCollections,
  'iconify-collection': answerIconifyCollection,
  'iconify-list-icons': answerIconifyListIcons,
  'iconify-last-modified': answerIconifyLastModified,
  'iconify-search': answerIconifySearch,
  'iconify-keywords': answerIconifyKeywords,
  page: answerPage,
  'page-asset': answerPageAsset,
  at: answerAtMoment,
  'npm-packument': answerNpmPackument,
  'npm-tarball': answerNpmTarball,
  // Reached by GET and HEAD only: the protocol's POST is answered before the table (see dispatch).
  mcp: (request) => problemAnswer(mcpMethodNotAllowed(request.method), { allow: MCP_ALLOWED_METHODS }),
  llms: answerLlms,
};

/**
 * `{base}/at/{moment}/{route}`: the route answered by the registry as it was
 * at the moment (once its catalog is open), its successful answers marked as
 * never changing.
 */
function answerAtMoment(request: RequestContext, route: AtRoute, registry: Registry): AnswerOrLater {
  // What changed, and npm's list of versions, are the history read now, not answers of the past: asked at a moment, they would list revisions kept since.
  if (route.route.kind === 'changes' || route.route.kind === 'changes-atom') {
    return problemAnswer({
      status: 404,
      code: 'not_at_a_moment',
      detail: 'What changed is not answered at a past moment: ask /r/changes.json (with since, or a pack and two of its revisions) without /at/.',
    });
  }
  if (route.route.kind === 'npm-packument' || route.route.kind === 'npm-tarball') {
    return problemAnswer({
      status: 404,
      code: 'not_at_a_moment',
      detail: "npm's packages are not answered at a past moment: install from /npm/ without /at/, with npm's --before to take the versions of a date.",
    });
  }
  const past = registry.at(route.moment);
  if (!(past instanceof Promise) && !('basePath' in past)) return problemAnswer(past);
  const answer = (then: Registry) => {
    const answered = answerRoute(request, route.route, then);
    return answered instanceof Promise ? answered.then(settledAnswer) : settledAnswer(answered);
  };
  // A moment whose catalog waits behind too many others to build is a 503 to retry.
  return past instanceof Promise ? unlessRevisionJobsBusy(past.then(answer)) : answer(past);
}

function answerRoute(request: RequestContext, route: Route, registry: Registry): AnswerOrLater {
  return (ROUTES[route.kind] as Handler<Route['kind']>)(request, route, registry);
}

const ANSWERED_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function methodNotAllowedAnswer(method: string): Answer {
  return problemAnswer(methodNotAllowed(method), { allow: ALLOWED_METHODS });
}

/**
 * The answer to a request: GET and HEAD by route, OPTIONS as a preflight,
 * POST at the MCP server's path only (every other route answers it 405, as
 * it does every other method).
 */
export function dispatch(request: RequestContext, registry: Registry): AnswerOrLater {
  if (request.method === 'POST') return isMcp(request, registry.basePath) ? answerMcp(request, registry) : methodNotAllowedAnswer('POST');
  if (!ANSWERED_METHODS.has(request.method)) {
    return isMcp(request, registry.basePath)
      ? problemAnswer(mcpMethodNotAllowed(request.method), { allow: MCP_ALLOWED_METHODS })
      : methodNotAllowedAnswer(request.method);
  }
  if (request.method === 'OPTIONS') return answerPreflight(request, isMcp(request, registry.basePath) ? MCP_ALLOWED_METHODS : ALLOWED_METHODS);
  const route = parseTarget(request.target, registry.basePath);
  if (isProblem(route)) return problemAnswer(route);
  return answerRoute(request, route, registry);
}

/** Whether a request is addressed to the MCP server's path. */
function isMcp(request: RequestContext, basePath: string): boolean {
  const route = parseTarget(request.target, basePath);
  return !isProblem(route) && route.kind === 'mcp';
}

/** Whether a request's body is read before it is answered: a POST to the MCP server's path; every other body is left unread. */
export function takesBody(request: RequestContext, basePath: string): boolean {
  return request.method === 'POST' && isMcp(request, basePath);
}

/** A body longer than MAX_BODY_BYTES: refused before the rest of it is read, and the connection closed, which is how the rest is never read. */
export function bodyTooLargeAnswer(): Answer {
  return problemAnswer(contentTooLarge(MAX_BODY_BYTES), { connection: 'close' });
}
