import { PAGE_SECURITY_POLICY } from '../../faces/page/assets.js';
import { notFound } from '../../core/problem.js';
import type { PageRoute } from '../../core/paths.js';
import type { Registry } from '../../registry/registry.js';
import { type Answer, problemAnswer, type RequestContext, resourceAnswer } from '../answer.js';

type Route<K extends PageRoute['kind']> = Extract<PageRoute, { kind: K }>;

/** The page at the base path (its views are told apart by the query string, which it reads itself). */
export function answerPage(_request: RequestContext, _route: Route<'page'>, registry: Registry): Answer {
  const page = registry.page?.page;
  if (!page) return problemAnswer(notFound(registry.basePath));
  return resourceAnswer(page, { 'content-security-policy': PAGE_SECURITY_POLICY, 'referrer-policy': 'no-referrer' });
}

/** The page's script and style sheet. */
export function answerPageAsset(_request: RequestContext, route: Route<'page-asset'>, registry: Registry): Answer {
  const asset = registry.page?.assets.get(route.file);
  return asset ? resourceAnswer(asset) : problemAnswer(notFound(registry.basePath));
}
