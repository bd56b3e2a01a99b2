import type { IconifyJSON } from '@iconify/types';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapLimit } from './helpers/http.js';
import { type Answer, answerOf, answerOfSite, type ReferenceServer, startIconifyReference } from './helpers/iconify-reference.js';
import { sortedKeys } from './helpers/json.js';
import { catalogSite } from './helpers/site.js';
import { DEFAULT_JSON_DIR, FULL_CATALOG, readDefaultPack, REPLACED_DEFAULT_PACK, seededRandom, testSeed } from './helpers/sources.js';

/*
 * The registry speaks the Iconify API's protocol: thousands of seeded random
 * requests over its routes go to the reference (@iconify/api on the same
 * @iconify/json, over HTTP) and to the registry (in process), and must get
 * the same status, content type and answer: the same bytes for SVG, equal
 * JSON otherwise (the order of `not_found` is not part of the protocol).
 * `npm run test:soak` sends ten times as many, over the whole catalog.
 */

const REQUESTS = FULL_CATALOG ? 30_000 : 3000;

const registry = catalogSite();
let reference: ReferenceServer;
beforeAll(async () => {
  reference = await startIconifyReference('directory');
}, 180_000);
afterAll(async () => {
  await reference?.stop();
});

/**
 * An answer as compared: SVG and text as bytes; JSON (and JSONP, unwrapped)
 * as data, with `not_found` sorted. For the lists of all sets, only the sets
 * the reference loads are compared: the registry lists its own packs too.
 */
function comparable(answer: Answer, only?: ReadonlySet<string>): unknown {
  const type = answer.type ?? '';
  if (!type.startsWith('application/json') && !type.startsWith('application/javascript')) return answer.body;
  const wrapped = /^([a-z0-9_.]+)\(([\s\S]*)\);$/i.exec(answer.body);
  const data = JSON.parse(wrapped ? (wrapped[2] as string) : answer.body) as Record<string, unknown>;
  if (typeof data === 'object' && data !== null && Array.isArray(data.not_found)) (data.not_found as string[]).sort();
  if (only && typeof data === 'object' && data !== null) {
    const list = (data.lastModified ?? data) as Record<string, unknown>;
    for (const key of Object.keys(list)) if (!only.has(key)) delete list[key];
  }
  return JSON.stringify([wrapped?.[1], sortedKeys(data)]);
}

/** The sets the reference serves (those of collections.json), but the one the test catalog replaces with an own pack. */
const loaded: ReadonlySet<string> = new Set(
  Object.keys(JSON.parse(readFileSync(join(DEFAULT_JSON_DIR, '..', 'collections.json'), 'utf8')) as Record<string, unknown>),
);
const packIds = [...loaded].filter((id) => id !== REPLACED_DEFAULT_PACK);
/** The sets compared in lists of all sets: those the reference loads, as the registry serves them from @iconify/json. */
const compared: ReadonlySet<string> = new Set(packIds);

function requestsOf(random: () => number, count: number): string[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const packs = new Map<string, IconifyJSON>();
  const packOf = (id: string) => {
    let pack = packs.get(id);
    if (!pack) packs.set(id, (pack = readDefaultPack(id)));
    return pack;
  };
  const namesOf = (pack: IconifyJSON) => [...Object.keys(pack.icons), ...Object.keys(pack.aliases ?? {})];
  const charsOf = (pack: IconifyJSON) => Object.keys(pack.chars ?? {});
  const requests: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = pick(packIds.slice(0, 60).concat(packIds));
    const pack = packOf(id);
    const names = namesOf(pack);
    const kind = random();
    if (kind < 0.45) {
      // Icon data, as clients batch it: 1 to 12 names, now and then a character code or an unknown name.
      const batch = Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
        const roll = random();
        if (roll < 0.08 && charsOf(pack).length) return pick(charsOf(pack));
        if (roll < 0.15) return `no-such-${Math.floor(random() * 1000)}`;
        return pick(names);
      });
      if (random() < 0.7) batch.sort();
      const list = random() < 0.5 ? batch.join('%2C') : batch.join(',');
      const form = pick([`/${id}.json`, `/${id}/icons.json`, `/${id}.js`, `/${id}/icons.js`]);
      const extra = pick(['', '', '', '&pretty=1', '&callback=cb.x_1', '&callback=bad%3C']);
      requests.push(`${form}?icons=${list}${extra}`);
    } else if (kind < 0.85) {
      const name = random() < 0.05 ? 'no-such-icon' : pick(random() < 0.1 && charsOf(pack).length ? charsOf(pack) : names);
      const form = pick([`/${id}/${name}.svg`, `/${id}:${name}.svg`, `/${id}-${name}.svg`]);
      const options = [
        pick(['', 'width=auto', 'width=48', 'width=2em', 'width=none', 'width=unset']),
        pick(['', 'height=auto', 'height=32', 'height=none']),
        pick(['', 'color=%23ff0000', 'color=red', 'color=%22bad']),
        pick(['', 'flip=horizontal', 'flip=vertical', 'flip=horizontal,vertical']),
        pick(['', 'rotate=1', 'rotate=90deg', 'rotate=50%25', 'rotate=x']),
        pick(['', '', 'box=1']),
        pick(['', '', 'download=1']),
      ].filter(Boolean);
      requests.push(options.length ? `${form}?${options.join('&')}` : form);
    } else if (kind < 0.9) {
      // CSS for a few icons, with the options of getIconsCSS.
      const batch = Array.from({ length: 1 + Math.floor(random() * 4) }, () => (random() < 0.1 ? 'no-such-icon' : pick(names)));
      const options = [
        pick(['', 'format=compact', 'format=compressed', 'format=expanded', 'format=bad']),
        pick(['', 'color=red', 'color=%23123456', 'color=notacolor']),
        pick(['', 'mode=mask', 'mode=background', 'mode=bg', 'mode=x']),
        pick(['', 'square=1', 'force-square=true', 'pseudo=1']),
        pick(['', 'common=.i', 'selector=.i-{name}', 'override=.x{', 'var=c', 'var=null', 'var=0']),
        pick(['', '', 'download=1']),
      ].filter(Boolean);
      requests.push(`/${id}.css?icons=${batch.join(',')}${options.length ? `&${options.join('&')}` : ''}`);
    } else if (kind < 0.96) {
      const filter = pick([`prefix=${id}`, `prefixes=${id},${pick(packIds)}`, `prefixes=${id.split('-')[0]}-`, 'prefix=no-such', '']);
      const extra = pick(['', '', '&pretty=1', '&callback=cb', '&callback=bad!']);
      requests.push(`${pick(['/collections', '/last-modified'])}?${filter}${extra}`);
      const flags = [
        pick(['', 'info=1', 'info=0']),
        pick(['', 'chars=1']),
        pick(['', 'pretty=1', 'callback=cb', 'callback=bad!', 'hidden=true&aliases=true']),
      ].filter(Boolean);
      requests.push(`/collection?${pick([`prefix=${id}`, `prefix=${id}`, 'prefix=no-such', ''])}${flags.map((flag) => `&${flag}`).join('')}`);
      const legacy = [pick(['', 'info=1']), pick(['', 'aliases=1']), pick(['', 'chars=1']), pick(['', '', 'callback=cb'])].filter(Boolean);
      const selection = pick([`prefix=${id}`, `prefix=${id}`, `prefixes=${id.split('-')[0]}-`, `prefixes=${id},no-such`, 'prefix=no-such', '']);
      requests.push(`${pick(['/list-icons', '/list-icons-categorized'])}?${selection}${legacy.map((flag) => `&${flag}`).join('')}`);
    } else {
      requests.push(
        pick([`/no-such-set.json?icons=home`, `/${id}.json`, `/${id}.json?icons=`, `/${id.toUpperCase()}.json?icons=x`, `/${id}/${pick(names)}.SVG`]),
      );
    }
  }
  return requests;
}

describe('the Iconify API protocol, compared with the reference', () => {
  it('answers seeded random requests over every route as the reference does', async () => {
    const requests = requestsOf(seededRandom(testSeed('iconify conformance')), REQUESTS);
    const differences: string[] = [];
    await mapLimit(requests, 8, async (path) => {
      const [theirs, ours] = await Promise.all([answerOf(reference.origin, path), answerOfSite(registry, path)]);
      const lists = /^\/(?:collections|last-modified)\?/.test(path) ? compared : undefined;
      const same =
        theirs.status === ours.status &&
        (theirs.status !== 200 || (theirs.type === ours.type && theirs.disposition === ours.disposition)) &&
        (theirs.status === 404 && !theirs.type?.startsWith('text/plain') ? true : comparable(theirs, lists) === comparable(ours, lists));
      if (!same)
        differences.push(
          `${path}\n  reference: ${theirs.status} ${theirs.type} ${theirs.body.slice(0, 200)}\n  registry:  ${ours.status} ${ours.type} ${ours.body.slice(0, 200)}`,
        );
    });
    console.log(`iconify conformance: ${requests.length} requests, ${differences.length} differences`);
    expect(differences.slice(0, 10)).toEqual([]);
  }, 900_000);
});
