import type { IconifyRoute } from '../../core/paths.js';
import type { Registry } from '../../registry/registry.js';
import type { AnswerOrLater, RequestContext } from '../answer.js';
import { genericJsonLater } from './iconify.js';

/*
 * The Iconify API's /search and /keywords, over the packs the registry (or
 * the request's view of it) serves. Answers are cached by request target
 * like the other lists; a search itself runs where the registry runs
 * searches (a thread of its own when serving: search-jobs.ts).
 */

type Route<K extends IconifyRoute['kind']> = Extract<IconifyRoute, { kind: K }>;

/** The query string of a request target, as the search jobs take it. */
const queryString = (query: URLSearchParams) => query.toString();

export function answerIconifySearch(request: RequestContext, _route: Route<'iconify-search'>, registry: Registry): AnswerOrLater {
  return genericJsonLater(request, registry, (query) => registry.runSearch({ kind: 'iconify-search', query: queryString(query) }));
}

export function answerIconifyKeywords(request: RequestContext, _route: Route<'iconify-keywords'>, registry: Registry): AnswerOrLater {
  return genericJsonLater(request, registry, (query) => registry.runSearch({ kind: 'iconify-keywords', query: queryString(query) }));
}
