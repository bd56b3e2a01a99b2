import type { ChangesRoute, DocumentRoute, PinnedRoute } from '../../core/paths.js';
import { problemResource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import { type PinnedAnswer, RANGE_REDIRECT_CACHE } from '../../registry/pinned.js';
import { type Answer, type AnswerOrLater, queryOf, type RequestContext, resourceAnswer } from '../answer.js';
import { documentAnswer } from './documents.js';
import { unlessRevisionJobsBusy } from './revision-jobs.js';

/**
 * A pinned address: the revision's document (immutable), or for a range a
 * redirect to the revision it resolves to now, cached briefly, since a newer
 * matching revision may be kept later.
 */
export function answerPinned(request: RequestContext, route: PinnedRoute, registry: Registry): AnswerOrLater {
  const answer = registry.pinnedAnswer(route);
  if (!(answer instanceof Promise)) return pinnedAnswerOf(request, route, registry, answer);
  return unlessRevisionJobsBusy(answer.then((made) => pinnedAnswerOf(request, route, registry, made)));
}

function pinnedAnswerOf(request: RequestContext, route: PinnedRoute, registry: Registry, answer: PinnedAnswer): Answer {
  if ('resource' in answer && answer.resource.status >= 400 && route.name !== undefined) {
    // An icon's miss, as its unpinned address answers one: in the form the shadcn CLIs read, to them.
    const asUnpinned: DocumentRoute = route.framework
      ? { kind: 'component', framework: route.framework, pack: route.pack, name: route.name }
      : { kind: 'icon', pack: route.pack, name: route.name };
    return documentAnswer(request, asUnpinned, answer.resource, request.target.includes('?') ? queryOf(request) : undefined);
  }
  if ('resource' in answer) {
    // The body is the revision's for good; a newer revision that draws the icon otherwise is said beside it.
    const latest = answer.resource.status === 200 ? registry.latestVersion(route) : undefined;
    return resourceAnswer(answer.resource, latest ? { link: `<${latest}>; rel="latest-version"` } : undefined);
  }
  if ('problem' in answer) return resourceAnswer(problemResource(answer.problem));
  return { status: 302, headers: { location: answer.redirect, 'cache-control': RANGE_REDIRECT_CACHE } };
}

/** `/r/changes.json`: see Registry.changesDocument. */
export function answerChanges(request: RequestContext, _route: ChangesRoute, registry: Registry): Answer {
  return resourceAnswer(registry.changesDocument(queryOf(request)));
}

/** `/r/changes.atom`: see Registry.changesAtom. */
export function answerChangesAtom(request: RequestContext, _route: ChangesRoute, registry: Registry): Answer {
  return resourceAnswer(registry.changesAtom(queryOf(request)));
}
