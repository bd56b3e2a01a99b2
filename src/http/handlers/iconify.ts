import type { IconifyRoute } from '../../core/paths.js';
import type { Resource } from '../../core/resource.js';
import { collection } from '../../faces/iconify/collection.js';
import { collections } from '../../faces/iconify/collections.js';
import { iconSvg } from '../../faces/iconify/icon-svg.js';
import { iconsCss } from '../../faces/iconify/icons-css.js';
import { iconsJson } from '../../faces/iconify/icons-json.js';
import { keywords } from '../../faces/iconify/keywords.js';
import { lastModified } from '../../faces/iconify/last-modified.js';
import { listIcons } from '../../faces/iconify/list-icons.js';
import * as params from '../../faces/iconify/params.js';
import { search } from '../../faces/iconify/search.js';
import type { Registry } from '../../registry/registry.js';
import { type AnswerOrLater, laterResourceAnswer, queryOf, type RequestContext, resourceAnswer } from '../answer.js';

/*
 * The Iconify API's routes, answered as its reference implementation
 * (@iconify/api) answers them: the face parses the query into its
 * parameters and makes the answer from them (faces/iconify/, a module per
 * response); here, only the answer's own header, a download's file name.
 */

/** A handler from the face's parser of a route's query and its answer to the parameters. */
function iconify<R extends IconifyRoute, P extends params.IconifyParams>(
  parse: (query: URLSearchParams, route: R) => P,
  answer: (params: P, registry: Registry) => Resource | Promise<Resource>,
): (request: RequestContext, route: R, registry: Registry) => AnswerOrLater {
  return (request, route, registry) => {
    const parsed = parse(queryOf(request), route);
    const resource = answer(parsed, registry);
    if (resource instanceof Promise) return laterResourceAnswer(resource);
    const attachment = 'attachment' in parsed ? parsed.attachment : undefined;
    return resourceAnswer(resource, attachment && resource.status === 200 ? { 'content-disposition': `attachment; filename="${attachment}"` } : undefined);
  };
}

export const answerIconifyIcons = iconify(params.iconsJsonParams, iconsJson);
export const answerIconifySvg = iconify(params.iconSvgParams, iconSvg);
export const answerIconifyCss = iconify(params.iconsCssParams, iconsCss);
export const answerIconifyCollections = iconify(params.collectionsParams, collections);
export const answerIconifyCollection = iconify(params.collectionParams, collection);
export const answerIconifyListIcons = iconify(params.listIconsParams, listIcons);
export const answerIconifyLastModified = iconify(params.lastModifiedParams, lastModified);
export const answerIconifySearch = iconify(params.searchParams, search);
export const answerIconifyKeywords = iconify(params.keywordsParams, keywords);
