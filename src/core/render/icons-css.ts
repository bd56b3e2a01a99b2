import type { IconifyJSON } from '@iconify/types';
import { getIconsCSS } from '@iconify/utils';
import { isValidName } from '../../util/names.js';

/** The options of getIconsCSS: what `/{prefix}.css` reads from its query. */
export type CssOptions = NonNullable<Parameters<typeof getIconsCSS>[2]>;

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
export function iconifyCss(data: IconifyJSON, names: readonly string[], options: CssOptions): string {
  return getIconsCSS(
    data,
    names.map((name) => (isValidName(name) ? name : NOT_AN_ICON_NAME)),
    options,
  );
}
