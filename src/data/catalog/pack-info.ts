import type { IconifyInfo } from '@iconify/types';
import { isObject } from '../../util/json-object.js';
import { plainText } from '../../core/render/plain-text.js';

/*
 * A pack's `info` as the registry publishes it: in the index, the pack
 * document, the Iconify API's lists, each icon's description, docs and
 * component comment, and the page. It is made safe once, here, when a pack
 * is prepared, so that no reader has to: own packs are untrusted, and the
 * packs of @iconify/json come out unchanged.
 */

/** Whether `url` is an absolute http: or https: URL: the page shows these as links, and a `javascript:` or `data:` link would run on click. */
export function isWebUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** `value` with every string in it, however deep, made plain text (see plainText); a warning names each field changed. */
function plainTextIn(value: unknown, field: string, warnings: string[]): unknown {
  if (typeof value === 'string') {
    const plain = plainText(value);
    if (plain !== value) warnings.push(`${field}: control characters removed`);
    return plain;
  }
  if (Array.isArray(value)) return value.map((item, i) => plainTextIn(item, `${field}[${i}]`, warnings));
  if (!isObject(value)) return value;
  // fromEntries defines each key as its own property: a key `__proto__` stays data.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainTextIn(item, `${field}.${key}`, warnings)]));
}

/** The parts of `info` whose `url` the page shows as a link. */
const LINKED = ['author', 'license'] as const;

/**
 * The info a pack publishes: every text without control characters, the
 * author's and licence's `url` only when it is an http: or https: URL (any
 * other is dropped), and the fields clients rely on always present: `name`
 * (the id when missing), `total` (the visible icons when missing),
 * `author.name` and `license.title` (`Unknown`). Whatever else the source
 * says is kept. Each change is a warning naming the field.
 */
export function publishedInfo(source: unknown, id: string, visibleIcons: number, warnings: string[]): IconifyInfo {
  const plain = plainTextIn(source, 'info', warnings);
  const info = isObject(plain) ? plain : {};
  const [author, license] = LINKED.map((part) => {
    const fields = isObject(info[part]) ? info[part] : {};
    if (!('url' in fields) || isWebUrl(fields.url)) return fields;
    warnings.push(`info.${part}.url: dropped, not an http: or https: URL`);
    const { url: _dropped, ...rest } = fields;
    return rest;
  }) as [Record<string, unknown>, Record<string, unknown>];
  return {
    ...info,
    name: typeof info.name === 'string' && info.name ? info.name : id,
    total: typeof info.total === 'number' ? info.total : visibleIcons,
    author: { ...author, name: typeof author.name === 'string' && author.name ? author.name : 'Unknown' },
    license: { ...license, title: typeof license.title === 'string' && license.title ? license.title : 'Unknown' },
  } as IconifyInfo;
}
