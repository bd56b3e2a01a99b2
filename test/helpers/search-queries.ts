import type { IconifyJSON } from '@iconify/types';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_JSON_DIR, readDefaultPack } from './sources.js';

/*
 * Search queries of the kinds people type, for the conformance test of
 * /search and for the bench's search load.
 */

/** Queries written as people type them: words, two words, partial words, prefixed and filtered queries. */
export const WRITTEN_QUERIES = [
  'home',
  'house',
  'arrow',
  'arrow left',
  'arrow-left',
  'arrow right circle',
  'chevron down',
  'caret up',
  'user',
  'users group',
  'settings',
  'cog',
  'gear',
  'trash',
  'delete',
  'search',
  'mail',
  'phone',
  'heart',
  'star half',
  'check',
  'close',
  'plus',
  'minus circle',
  'menu',
  'bell',
  'calendar',
  'clock',
  'lock',
  'eye off',
  'camera',
  'image',
  'file',
  'folder open',
  'cloud upload',
  'download',
  'share',
  'link',
  'copy',
  'edit',
  'pencil',
  'chart bar',
  'cart',
  'chat',
  'globe',
  'map pin',
  'sun',
  'moon',
  'wifi',
  'battery',
  'github',
  'google',
  'docker',
  'thumb up',
  'emoji',
  'circle',
  'square rounded',
  'hom',
  'arr',
  'sett',
  'notif',
  'calen',
  'dow',
  'ho',
  'cycle',
  'bicycle',
  'arrowleft',
  'mdi:home',
  'mdi:arrow',
  'tabler:user',
  'lucide:',
  'mdi-light home',
  'mdi-home',
  'material-symbols-light arrow',
  'fa-solid user',
  'prefix:mdi home',
  'prefixes:mdi,tabler arrow',
  'prefix:material* home',
  'palette:true heart',
  'palette:false star',
  'style:fill home',
  'style:stroke arrow',
  'fill:true bell',
  'stroke=true user',
  'home style=stroke',
  'home outline',
  'home-outline',
  '-outline',
  'baseline-',
  'home 2',
  'a:b:c',
  'prefix:bad! home',
  'no-such-keyword-qx',
];

/** The sets the reference loads: those of @iconify/json's collections.json, in its order. */
export const LISTED_SETS = Object.keys(JSON.parse(readFileSync(join(DEFAULT_JSON_DIR, '..', 'collections.json'), 'utf8')) as Record<string, unknown>);

/** Seeded queries from real icon names: whole names, their words, the start of a word, and `prefix:word`. */
export function generatedQueries(random: () => number, count: number): string[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const packs = new Map<string, IconifyJSON>();
  const queries: string[] = [];
  while (queries.length < count) {
    const id = pick(random() < 0.5 ? LISTED_SETS.slice(0, 40) : LISTED_SETS);
    let pack = packs.get(id);
    if (!pack) packs.set(id, (pack = readDefaultPack(id)));
    const names = Object.keys(pack.icons);
    if (!names.length) continue;
    const chunks = pick(names).split('-');
    const word = pick(chunks);
    const kind = random();
    if (kind < 0.2) queries.push(chunks.join(' '));
    else if (kind < 0.4) queries.push(word);
    else if (kind < 0.55) queries.push(word.slice(0, 2 + Math.floor(random() * 3)));
    else if (kind < 0.7) queries.push(chunks.slice(0, 2).join(' '));
    else if (kind < 0.8) queries.push(chunks.join('-'));
    else if (kind < 0.9) queries.push(`${id}:${word}`);
    else queries.push(`${pick(chunks)} ${pick(['style:fill', 'style:stroke', 'palette:true', 'palette:false', `prefix:${id.split('-')[0]}*`])}`);
  }
  return queries;
}
