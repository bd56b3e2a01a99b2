import type { ExtendedIconifyAlias, ExtendedIconifyIcon, IconifyAlias } from '@iconify/types';
import { MAX_RESOLVED_CHAIN, type StoredEntry } from './resolve-icon.js';

/**
 * An icon's state in a revision of its pack:
 * - `active`: drawn as itself (an icon, or an alias that transforms its parent);
 * - `hidden`: still addressable, but no longer listed (the Iconify API keeps removed icons so);
 * - `renamed`: an alias that draws another name as it is, the name it now goes by being its `successor`.
 */
export interface IconState {
  state: 'active' | 'hidden' | 'renamed';
  /** For a renamed icon, the icon it now is. */
  successor?: string;
}

/** What an alias may change of its parent; an alias changing none of it is another name for it. */
const TRANSFORMS: readonly (keyof IconifyAlias)[] = ['rotate', 'hFlip', 'vFlip', 'left', 'top', 'width', 'height'];

/** The state of `name` read from its entries (one read per step of an alias chain); undefined for a name the pack lacks. */
export function iconStateOf(name: string, entryOf: (name: string) => StoredEntry | undefined): IconState | undefined {
  const entry = entryOf(name);
  if (!entry || 'char' in entry) return undefined;
  if ('icon' in entry) return { state: (entry.icon as ExtendedIconifyIcon).hidden ? 'hidden' : 'active' };
  if ((entry.alias as ExtendedIconifyAlias).hidden) return { state: 'hidden' };
  if (TRANSFORMS.some((field) => entry.alias[field] !== undefined)) return { state: 'active' };
  // The icon at the end of the chain of plain aliases: the name the glyph goes by now.
  let successor = entry.alias.parent;
  for (let step = 0; step < MAX_RESOLVED_CHAIN; step++) {
    const next = entryOf(successor);
    if (!next || !('alias' in next) || TRANSFORMS.some((field) => next.alias[field] !== undefined)) break;
    successor = next.alias.parent;
  }
  return { state: 'renamed', successor };
}
