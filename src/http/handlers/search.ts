import { keywordsAnswer, searchAnswer } from '../../iconify/search.js';
import type { IconifyRoute } from '../../registry/paths.js';
import type { Registry } from '../../registry/registry.js';
import type { Answer, RequestContext } from '../answer.js';
import { genericJson } from './iconify.js';

/*
 * The Iconify API's /search and /keywords, over the packs the registry (or
 * the request's view of it) serves. Answers are cached by request target
 * like the other lists; the index itself is read from the catalog.
 */

type Route<K extends IconifyRoute['kind']> = Extract<IconifyRoute, { kind: K }>;

export function answerIconifySearch(request: RequestContext, _route: Route<'iconify-search'>, registry: Registry): Answer {
  return genericJson(request, registry, (query) =>
    searchAnswer(query, registry.search, (pack) => {
      const info = registry.catalog.iconifyInfo(pack);
      return info === undefined ? undefined : JSON.parse(info);
    }),
  );
}

export function answerIconifyKeywords(request: RequestContext, _route: Route<'iconify-keywords'>, registry: Registry): Answer {
  return genericJson(request, registry, (query) => keywordsAnswer(query, registry.search));
}
