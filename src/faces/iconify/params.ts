import { flipFromString, rotateFromString, stringToColor } from '@iconify/utils';
import type { IconifyRoute } from '../../core/paths.js';
import { selectPrefixes } from '../../data/search/iconify/prefixes.js';
import { queryObjectOf } from '../../data/search/iconify/search.js';
import type { Wrapping } from './json.js';
import type { SvgOptions } from '../../core/render/customised-svg.js';
import type { CssOptions } from '../../core/render/icons-css.js';

/*
 * The Iconify API's query parameters, read as its reference implementation
 * (@iconify/api) reads them, into one small typed object per response. The
 * object holds what the answer depends on and nothing else, in one spelling:
 * the answer is made from it, and cached under the key made from it, so that
 * targets written differently that mean the same share one answer.
 */

type Route<K extends IconifyRoute['kind']> = Extract<IconifyRoute, { kind: K }>;

/** How a JSON answer is written; null when its callback is one the reference refuses (then the answer is 400). */
export type JsonForm = { wrapping: Wrapping; pretty: boolean } | null;

/** `/{prefix}.json?icons=` (and `.js`, `/{prefix}/icons.json`): icon data. */
export interface IconsJsonParams {
  kind: 'icons-json';
  prefix: string;
  form: JsonForm;
  /** The names as asked, in order and with repeats: both show in the answer. */
  names: string[];
}

/** `/{prefix}/{name}.svg` (and `/{prefix}:{name}.svg`, `/{prefix}-{name}.svg`). */
export interface IconSvgParams {
  kind: 'icon-svg';
  prefix: string;
  name: string;
  svg: SvgOptions;
  /** The file name the answer is downloaded as, when the query asks for a download. */
  attachment?: string;
}

export type { CssOptions };

/** `/{prefix}.css?icons=`. */
export interface IconsCssParams {
  kind: 'icons-css';
  prefix: string;
  /** The names as asked, in order; null without an `icons` parameter. */
  names: string[] | null;
  options: CssOptions;
  attachment?: string;
}

/** The packs a list names: `prefix` exactly, else the `prefixes` filters (sorted, once each: their order selects nothing), else all. */
export interface PackSelection {
  prefix?: string;
  prefixes?: string[];
}

export interface CollectionsParams {
  kind: 'collections';
  form: JsonForm;
  selection: PackSelection;
}

export interface LastModifiedParams {
  kind: 'last-modified';
  form: JsonForm;
  selection: PackSelection;
}

export interface CollectionParams {
  kind: 'collection';
  form: JsonForm;
  prefix?: string;
  info: boolean;
  chars: boolean;
}

/** The legacy `/list-icons` and `/list-icons-categorized`. */
export interface ListIconsParams {
  kind: 'list-icons';
  categorized: boolean;
  form: JsonForm;
  selection: PackSelection;
  info: boolean;
  aliases: boolean;
  chars: boolean;
}

/**
 * `/search` and `/keywords`: their answers repeat the query as the
 * reference's router read it (`request`), every parameter in its order, so
 * that object is their meaning.
 */
interface EchoingParams<K extends string> {
  kind: K;
  form: JsonForm;
  request: Record<string, string | string[]>;
}
export type SearchParams = EchoingParams<'search'>;
export type KeywordsParams = EchoingParams<'keywords'>;

export type IconifyParams =
  | IconsJsonParams
  | IconSvgParams
  | IconsCssParams
  | CollectionsParams
  | LastModifiedParams
  | CollectionParams
  | ListIconsParams
  | SearchParams
  | KeywordsParams;

/**
 * The cache key of an answer: its parameters, less the download's file name
 * (a header, not the answer's bytes). Parsers build each object in one key
 * order and leave out what is absent, so equal meanings give equal keys.
 */
export function cacheKeyOf(params: IconifyParams): string {
  const { attachment: _attachment, ...meaning } = params as IconifyParams & { attachment?: string };
  return `iconify ${JSON.stringify(meaning)}`;
}

/** A JSONP callback name the reference accepts. */
const CALLBACK = /^[a-z0-9_.]+$/i;
/** The JSONP callback of the legacy `.js` routes when none is given. */
const LEGACY_CALLBACK = 'SimpleSVG._loaderCallback';

/**
 * The reference's checkJSONPQuery: `force` wraps always (the `.js` routes)
 * or never (`.json` icon data); otherwise a non-empty `callback` wraps.
 * Undefined when the callback is not a valid name.
 */
function wrappingOf(callback: string | null, force: boolean | undefined, defaultCallback?: string): Wrapping | undefined {
  const wrap = force ?? !!callback;
  if (!wrap) return { wrap: false };
  if (callback) return CALLBACK.test(callback) ? { wrap: true, callback } : undefined;
  return defaultCallback ? { wrap: true, callback: defaultCallback } : undefined;
}

/** JSON minified, or indented with a non-empty `pretty`; wrapped as `callback` (and the route) say. */
function jsonFormOf(query: URLSearchParams, force?: boolean, defaultCallback?: string): JsonForm {
  const wrapping = wrappingOf(query.get('callback'), force, defaultCallback);
  return wrapping ? { wrapping, pretty: !!query.get('pretty') } : null;
}

/** Characters the reference removes from a query value before using it. */
function cleanQueryValue(value: string | undefined): string | undefined {
  return value ? value.replace(/['"<>&]/g, '') : undefined;
}

/** A query value as the reference reads it: the first one, none when empty. */
const nonEmpty = (query: URLSearchParams, key: string) => query.get(key) || undefined;

export function iconsJsonParams(query: URLSearchParams, route: Route<'iconify-icons'>): IconsJsonParams {
  const given = query.getAll('icons');
  // One `icons` is a comma-separated list; repeated ones are names each.
  const names = given.length === 1 ? (given[0] as string).split(',') : given;
  return { kind: 'icons-json', prefix: route.prefix, form: jsonFormOf(query, route.script, LEGACY_CALLBACK), names };
}

/** What the reference's generateSVGResponse reads of the query: size, rotation, flip, box and colour. */
export function iconSvgParams(query: URLSearchParams, route: Route<'iconify-svg'>): IconSvgParams {
  const rotate = nonEmpty(query, 'rotate');
  const flip = nonEmpty(query, 'flip');
  const flips = { hFlip: false, vFlip: false };
  if (flip) flipFromString(flips, flip);
  const svg: SvgOptions = {
    width: cleanQueryValue(nonEmpty(query, 'width')) || null,
    height: cleanQueryValue(nonEmpty(query, 'height')) || null,
    rotate: rotate ? quarterTurnsOf(rotate) : 0,
    ...flips,
    box: !!nonEmpty(query, 'box'),
    color: cleanQueryValue(nonEmpty(query, 'color')) || null,
  };
  // The reference names the file after the name as asked, even for a character code.
  const attachment = nonEmpty(query, 'download') && `${route.name}.svg`;
  return { kind: 'icon-svg', prefix: route.prefix, name: route.name, svg, ...(attachment ? { attachment } : {}) };
}

/**
 * The reference's rotateFromString: the quarter turns of `rotate`. That
 * function brings a negative turn into range by adding 4 until it is, which
 * never ends for a number too large for 4 to change (a long run of digits
 * after `-` would hold a thread for good): a negative value is read without
 * its sign and turned the other way, the same turns wherever the loop ends.
 */
export function quarterTurnsOf(value: string): number {
  if (!/^-[0-9.]/.test(value)) return rotateFromString(value, 0);
  return (4 - rotateFromString(value.slice(1), 0)) % 4;
}

export function iconsCssParams(query: URLSearchParams, route: Route<'iconify-css'>): IconsCssParams {
  const attachment = nonEmpty(query, 'download') && `${route.prefix}.css`;
  return {
    kind: 'icons-css',
    prefix: route.prefix,
    names: query.get('icons')?.split(',') ?? null,
    options: cssOptionsOf(query),
    ...(attachment ? { attachment } : {}),
  };
}

/** The reference's paramToBoolean: `true|yes|1` and `false|no|0`, anything else the default. */
function toBoolean(value: string | null, fallback: boolean | undefined): boolean | undefined {
  if (value === 'true' || value === 'yes' || value === '1') return true;
  if (value === 'false' || value === 'no' || value === '0') return false;
  return fallback;
}

/** A selector with no placeholder but `{name}` and `{prefix}`. */
function isSelector(value: string | undefined): value is string {
  return typeof value === 'string' && !/[{}]/.test(value.replaceAll('{name}', '').replaceAll('{prefix}', ''));
}

/** The options of `/{prefix}.css`, as the reference's generateIconsStyleResponse reads them. */
function cssOptionsOf(query: URLSearchParams): CssOptions {
  const options: CssOptions = {};
  const format = query.get('format');
  if (format === 'compact' || format === 'compressed' || format === 'expanded') options.format = format;
  const color = cleanQueryValue(query.get('color') ?? undefined);
  if (typeof color === 'string' && stringToColor(color)) options.color = color;
  const mode = query.get('mode');
  if (mode === 'background' || mode === 'mask') options.mode = mode;
  else if (mode === 'bg') options.mode = 'background';
  const forceSquare = toBoolean(query.get('square') || query.get('forceSquare') || query.get('force-square'), undefined);
  if (forceSquare !== undefined) options.forceSquare = forceSquare;
  const pseudoSelector = toBoolean(query.get('pseudo') || query.get('pseudoSelector') || query.get('pseudo-selector'), undefined);
  if (pseudoSelector !== undefined) options.pseudoSelector = pseudoSelector;
  const common = cleanQueryValue(query.get('commonSelector') || query.get('common') || undefined);
  if (isSelector(common)) options.commonSelector = common;
  const icon = cleanQueryValue(query.get('iconSelector') || query.get('selector') || undefined);
  if (isSelector(icon)) options.iconSelector = icon;
  const override = cleanQueryValue(query.get('overrideSelector') || query.get('override') || undefined);
  if (isSelector(override)) options.overrideSelector = override;
  const varName = query.get('varName') || query.get('var');
  if (typeof varName === 'string' && /^[a-z0-9_-]*$/.test(varName)) {
    options.varName = !varName || varName === 'null' || !toBoolean(varName, true) ? null : varName;
  }
  return options;
}

/** `prefix` when given, else the `prefixes` filters. */
function selectionOf(query: URLSearchParams): PackSelection {
  const prefix = nonEmpty(query, 'prefix');
  if (prefix) return { prefix };
  const prefixes = nonEmpty(query, 'prefixes');
  return prefixes ? { prefixes: [...new Set(prefixes.split(','))].sort() } : {};
}

/** The ids of `all` a selection names, in `all`'s order; undefined when it names none in particular. */
export function selectedPacks(all: readonly string[], selection: PackSelection): string[] | undefined {
  return selectPrefixes(all, selection.prefix ?? null, selection.prefixes?.join(',') ?? null);
}

export function collectionsParams(query: URLSearchParams): CollectionsParams {
  return { kind: 'collections', form: jsonFormOf(query), selection: selectionOf(query) };
}

export function lastModifiedParams(query: URLSearchParams): LastModifiedParams {
  return { kind: 'last-modified', form: jsonFormOf(query), selection: selectionOf(query) };
}

export function collectionParams(query: URLSearchParams): CollectionParams {
  const prefix = nonEmpty(query, 'prefix');
  return { kind: 'collection', form: jsonFormOf(query), ...(prefix ? { prefix } : {}), info: !!query.get('info'), chars: !!query.get('chars') };
}

export function listIconsParams(query: URLSearchParams, route: Route<'iconify-list-icons'>): ListIconsParams {
  return {
    kind: 'list-icons',
    categorized: route.categorized,
    form: jsonFormOf(query),
    selection: selectionOf(query),
    info: !!query.get('info'),
    aliases: !!query.get('aliases'),
    chars: !!query.get('chars'),
  };
}

export function searchParams(query: URLSearchParams): SearchParams {
  return { kind: 'search', form: jsonFormOf(query), request: queryObjectOf(query) };
}

export function keywordsParams(query: URLSearchParams): KeywordsParams {
  return { kind: 'keywords', form: jsonFormOf(query), request: queryObjectOf(query) };
}

/**
 * The query string a search job reads, written from `request`: read back, it
 * gives the same object, and the same first value of each parameter.
 */
export function searchQueryOf(params: SearchParams | KeywordsParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params.request)) for (const one of Array.isArray(value) ? value : [value]) query.append(key, one);
  return query.toString();
}
