import type { IconifyJSON } from '@iconify/types';
import { getIconsCSS, stringToColor } from '@iconify/utils';
import { isValidName } from '../../util/names.js';
import { cleanQueryValue } from './svg.js';

type CSSOptions = NonNullable<Parameters<typeof getIconsCSS>[2]>;

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

/**
 * The options of `/{prefix}.css` from its query, as the reference's
 * generateIconsStyleResponse reads them.
 */
export function cssOptionsOf(query: URLSearchParams): CSSOptions {
  const options: CSSOptions = {};
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

/** What the comment on a missing icon says instead of a name that is no icon name. */
export const NOT_AN_ICON_NAME = '(not an icon name)';

/**
 * The CSS of `/{prefix}.css?icons=`: @iconify/utils' getIconsCSS over the
 * icon data of those names. getIconsCSS names each missing icon in a
 * comment, as the reference does; a name as asked that holds the end of a
 * comment would close it early and make the rest of the name live CSS, so a
 * name that is no valid icon name (none is ever found) is named as
 * NOT_AN_ICON_NAME instead.
 */
export function iconifyCss(data: IconifyJSON, names: string[], query: URLSearchParams): string {
  return getIconsCSS(
    data,
    names.map((name) => (isValidName(name) ? name : NOT_AN_ICON_NAME)),
    cssOptionsOf(query),
  );
}
