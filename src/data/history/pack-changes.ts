import type { IconifyIcon } from '@iconify/types';
import { packDefaultsOf, resolveIcon, type StoredEntry } from '../../core/resolve-icon.js';
import type { HistoryEntry, RevisionHistory } from './revision-history.js';

/** What the changes between two revisions are read from: the history, or a view of it (PinnableRevisions). */
export type ChangesReader = Pick<RevisionHistory, 'rootAt' | 'entryAt' | 'changedBetween' | 'aliasesOf'>;

/** What changed in a pack between two revisions, by kind, each list sorted by name. */
export interface PackChanges {
  /** Names drawn in the later revision that were not in the earlier (new, or hidden before). */
  added: string[];
  /** Names drawn in the earlier revision that the later hides (still addressable) or no longer has. */
  hidden: string[];
  /** Icons that became aliases: the name to use now is the icon the alias leads to. */
  renamed: Array<{ name: string; to: string }>;
  /** Names drawn in both whose glyph differs once aliases are resolved. */
  changed: string[];
}

const visible = (entry: HistoryEntry | undefined) => entry !== undefined && !(entry.kind === 'icon' ? entry.icon.hidden : entry.alias.hidden);

const storedOf = (entry: HistoryEntry | undefined): StoredEntry | undefined =>
  entry === undefined ? undefined : entry.kind === 'icon' ? { icon: entry.icon } : { alias: entry.alias };

/** The fields of a resolved icon that decide what it draws. */
function glyphOf(icon: IconifyIcon | undefined): string {
  if (!icon) return '';
  const { body, left, top, width, height, rotate, hFlip, vFlip } = icon;
  return JSON.stringify([body, left, top, width, height, rotate ?? 0, hFlip ?? false, vFlip ?? false]);
}

/**
 * The changes of a pack from revision `from` to revision `to` (from < to),
 * read from the names whose entry changed between them and from the aliases
 * that lead to those names (whose glyph changes with them). `only`, when
 * given, restricts the answer to those names: the icons a project uses.
 */
export function packChanges(history: ChangesReader, pack: string, from: number, to: number, only?: ReadonlySet<string>): PackChanges {
  const rootAt = (seq: number) => (history.rootAt(pack, seq) ?? {}) as { left?: number; top?: number; width?: number; height?: number };
  const defaultsFrom = packDefaultsOf(rootAt(from));
  const defaultsTo = packDefaultsOf(rootAt(to));
  const resolvedAt = (seq: number, defaults: Partial<IconifyIcon>, name: string) =>
    resolveIcon(name, (entryName) => storedOf(history.entryAt(pack, seq, entryName)), defaults);
  const changes: PackChanges = { added: [], hidden: [], renamed: [], changed: [] };
  const seen = new Set<string>();
  const classify = (name: string, before: HistoryEntry | undefined, after: HistoryEntry | undefined) => {
    if (seen.has(name)) return;
    seen.add(name);
    if (only && !only.has(name)) return;
    if (!visible(before) && visible(after)) changes.added.push(name);
    else if (visible(before) && !visible(after)) changes.hidden.push(name);
    else if (!visible(before)) return;
    else if (before?.kind === 'icon' && after?.kind === 'alias') changes.renamed.push({ name, to: finalParent(name) });
    else if (glyphOf(resolvedAt(from, defaultsFrom, name)) !== glyphOf(resolvedAt(to, defaultsTo, name))) changes.changed.push(name);
  };
  const finalParent = (name: string) => {
    let current = name;
    for (let step = 0; step < 64; step++) {
      const entry = history.entryAt(pack, to, current);
      if (entry?.kind !== 'alias') return current;
      current = entry.alias.parent;
    }
    return current;
  };
  const changed = history.changedBetween(pack, from, to);
  for (const { name, before, after } of changed) classify(name, before, after);
  // An alias whose own entry did not change draws what its parent draws: follow the changed names to their aliases.
  const queue = changed.map(({ name }) => name);
  for (let i = 0; i < queue.length; i++) {
    const parent = queue[i] as string;
    for (const alias of history.aliasesOf(pack, parent, to)) {
      if (seen.has(alias)) continue;
      const after = history.entryAt(pack, to, alias);
      if (after?.kind !== 'alias' || after.alias.parent !== parent) continue;
      classify(alias, history.entryAt(pack, from, alias), after);
      queue.push(alias);
    }
  }
  changes.added.sort();
  changes.hidden.sort();
  changes.changed.sort();
  changes.renamed.sort((a, b) => (a.name < b.name ? -1 : 1));
  return changes;
}
