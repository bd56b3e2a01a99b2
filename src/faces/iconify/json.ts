import { memoryResource, type Resource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import {
  cacheKeyOf,
  type CollectionParams,
  type CollectionsParams,
  type JsonForm,
  type KeywordsParams,
  type LastModifiedParams,
  type ListIconsParams,
  type SearchParams,
} from './params.js';

/** How a JSON answer is sent: as it is, or wrapped in a callback (JSONP). */
export type Wrapping = { wrap: false } | { wrap: true; callback: string };

/** JSON as the reference sends it: minified, or indented by 4 with `pretty`, and wrapped when asked. */
export function iconifyJson(data: unknown, pretty: boolean, wrapping: Wrapping): { text: string; contentType: string } {
  const json = pretty ? JSON.stringify(data, null, 4) : JSON.stringify(data);
  return wrapping.wrap
    ? { text: `${wrapping.callback}(${json});`, contentType: 'application/javascript; charset=utf-8' }
    : { text: json, contentType: 'application/json; charset=utf-8' };
}

/** `data` as a found answer in the form the parameters ask for. */
export function jsonResource(data: unknown, form: NonNullable<JsonForm>): Resource {
  const { text, contentType } = iconifyJson(data, form.pretty, form.wrapping);
  return memoryResource({ status: 200, contentType, lastModified: undefined }, Buffer.from(text));
}

const TEXT_TYPE = 'text/plain; charset=utf-8';
/** The reference's text answers to errors of its generic routes. */
export const NOT_FOUND = memoryResource({ status: 404, contentType: TEXT_TYPE, lastModified: undefined }, Buffer.from('Not found'));
const BAD_REQUEST = memoryResource({ status: 400, contentType: TEXT_TYPE, lastModified: undefined }, Buffer.from('Bad request'));

/** The parameters of the reference's generic JSON routes (handleJSONResponse). */
type GenericParams = CollectionsParams | CollectionParams | LastModifiedParams | ListIconsParams | SearchParams | KeywordsParams;

/**
 * A generic route's answer: what its `make` returned as JSON (or JSONP), or
 * for 400 and 404 the reference's text error, as the reference's handlers
 * return a status instead of data.
 */
function genericResource(form: NonNullable<JsonForm>, made: unknown): Resource {
  if (made === 400) return BAD_REQUEST;
  if (made === 404) return NOT_FOUND;
  return jsonResource(made, form);
}

/**
 * A generic route's answer: a refused callback is 400 first; then `make`
 * gives the data. Cached by its parameters, with what this registry answers
 * of all packs.
 */
export function genericJson(params: GenericParams, registry: Registry, make: () => unknown): Resource {
  return registry.cachedDocument(undefined, cacheKeyOf(params), () => (params.form ? genericResource(params.form, make()) : BAD_REQUEST));
}

/** genericJson for data made elsewhere (a search, in its thread): kept like the others once made. */
export function genericJsonLater(params: GenericParams, registry: Registry, make: () => Promise<unknown>): Resource | Promise<Resource> {
  // A callback the route refuses is refused before any search is made for it.
  return registry.cachedDocumentLater(cacheKeyOf(params), async () => (params.form ? genericResource(params.form, await make()) : BAD_REQUEST));
}
