import type { IconifyJSON } from '@iconify/types';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAST_DEFAULT_PACKS, TEST_TMP } from './paths.js';
import { INSTALLED_JSON_DIR, seededRandom, testSeed } from './sources.js';
import { goldenSvgs } from './svg-golden.js';

/**
 * The folder, laid out as the @iconify/json package, that `npm test` serves
 * in its place (ICON_REGISTRY_ICONIFY_JSON): every pack of the package, each
 * cut to a seeded sample of its icons.
 */
export const SAMPLED_ICONIFY_JSON = join(TEST_TMP, 'iconify-json-sample');

/** Icons drawn from each pack, beside those it always keeps. */
export const ICONS_DRAWN_PER_PACK = 16;

/**
 * The packs whose searches are compared whole with the reference's: each of
 * those queries finds as many icons as asked for in them, so no answer is
 * filled past the reference's (see search-conformance.sweep.test.ts).
 */
const CONFORMANCE_PACKS = ['material-symbols', 'tabler', 'ph', 'ic'];

/**
 * Packs kept whole (and the four above): those of the small catalog, which the behaviour tests are
 * written against (every icon of mdi scrolled in the page, mdi's and lucide's
 * names searched, noto's large multicolour bodies streamed), so both catalogs
 * serve the same documents for them; and the largest, fluent-emoji, whose
 * 100 MB document the tests of streaming, content coding, the graceful stop
 * and the zips of whole packs send; and the small pack of animated icons
 * the export test exports whole.
 */
export const WHOLE_PACKS: readonly string[] = [...FAST_DEFAULT_PACKS, 'fluent-emoji', 'svg-spinners', ...CONFORMANCE_PACKS];

/**
 * Icons whose body is longer than this are kept in every sample: the
 * largest of the whole catalog, on which the tests of bounded cost build
 * their costliest requests, as over every icon.
 */
export const KEPT_BODY_LENGTH = 100_000;

/** Icons of other packs that tests name, kept in every sample. */
export const NAMED_ICONS: readonly string[] = [
  'fa:align-right',
  'line-md:loading-loop',
  'logos:google',
  'material-symbols:delete',
  'material-symbols:house',
  'material-symbols:house-outline',
  'material-symbols:house-outline-rounded',
  'material-symbols:house-outline-sharp',
  'material-symbols:house-rounded',
  'material-symbols:house-sharp',
  'material-symbols:light-group',
  'material-symbols-light:group',
  'ph:trash',
  'simple-icons:plane',
  'solar:home-2-linear',
  'tabler:arrow-left',
  'tabler:trash',
  'tabler:user',
];

/**
 * Words whose every icon is kept, in every pack: the likely-typo hint
 * weighs how many names hold `calender` against how many hold `calendar`,
 * which a sample would change.
 */
export const NAMED_WORDS: readonly string[] = ['calendar', 'calender'];

interface PackSample {
  pack: IconifyJSON;
  visible: number;
}

/**
 * Writes the sampled package: each pack keeps the samples its info shows,
 * the icons tests name and those whose svg was checked by hand (svg-golden.json),
 * the icons with the longest bodies (KEPT_BODY_LENGTH), every icon named with NAMED_WORDS,
 * every alias that transforms its parent, ICONS_DRAWN_PER_PACK icons drawn with the run's seed
 * (printed), and every alias that resolves to a kept icon; its categories and
 * characters keep only kept names, and its total counts the kept icons, in
 * the pack and in collections.json alike. Returns the icons and aliases kept.
 */
export function writeSampledIconifyJson(folder = SAMPLED_ICONIFY_JSON): { packs: number; names: number; seed: number } {
  const source = INSTALLED_JSON_DIR;
  const seed = testSeed('catalog sample');
  const random = seededRandom(seed);
  const target = join(folder, 'json');
  mkdirSync(target, { recursive: true });
  copyFileSync(join(source, '..', 'package.json'), join(folder, 'package.json'));
  const collections = JSON.parse(readFileSync(join(source, '..', 'collections.json'), 'utf8')) as Record<string, { total?: number }>;
  let packs = 0;
  let names = 0;
  for (const file of readdirSync(source)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const id = file.slice(0, -5);
    const whole = JSON.parse(readFileSync(join(source, file), 'utf8')) as IconifyJSON;
    const { pack, visible } = WHOLE_PACKS.includes(id) ? { pack: whole, visible: -1 } : samplePack(id, whole, random);
    // A pack kept whole is the package's own file.
    if (pack === whole) copyFileSync(join(source, file), join(target, file));
    else writeFileSync(join(target, file), JSON.stringify(pack));
    const listed = collections[id];
    if (listed && visible >= 0) listed.total = visible;
    packs++;
    names += Object.keys(pack.icons).length + Object.keys(pack.aliases ?? {}).length;
  }
  writeFileSync(join(folder, 'collections.json'), JSON.stringify(collections, null, '\t'));
  console.log(`catalog sample: ${names} icons and aliases of ${packs} packs (${WHOLE_PACKS.join(', ')} whole)`);
  return { packs, names, seed };
}

function samplePack(id: string, whole: IconifyJSON, random: () => number): PackSample {
  const iconNames = Object.keys(whole.icons);
  const kept = new Set<string>();
  const wholeAliases = whole.aliases ?? {};
  /** Keeps an icon, or the icon an alias resolves to (the alias then stays with it, below). */
  const keep = (name: string) => {
    let root = name;
    for (let depth = 0; depth < 10 && wholeAliases[root]; depth++) root = wholeAliases[root]?.parent as string;
    if (root in whole.icons) kept.add(root);
  };
  const info = whole.info as { samples?: string[] } | undefined;
  for (const name of info?.samples ?? []) keep(name);
  for (const named of [...NAMED_ICONS, ...goldenSvgs().keys()]) if (named.startsWith(`${id}:`)) keep(named.slice(id.length + 1));
  for (const [name, icon] of Object.entries(whole.icons)) if (icon.body.length > KEPT_BODY_LENGTH) kept.add(name);
  for (const name of [...iconNames, ...Object.keys(wholeAliases)]) if (name.split('-').some((word) => NAMED_WORDS.includes(word))) keep(name);
  // Every alias that turns, flips or resizes its parent: the tests of transformations read all of them.
  for (const [name, alias] of Object.entries(wholeAliases))
    if (alias.rotate || alias.hFlip || alias.vFlip || alias.width || alias.height || alias.left || alias.top) keep(name);
  for (let drawn = 0; drawn < ICONS_DRAWN_PER_PACK && kept.size < iconNames.length; drawn++) {
    let name = iconNames[Math.floor(random() * iconNames.length)] as string;
    while (kept.has(name)) name = iconNames[Math.floor(random() * iconNames.length)] as string;
    kept.add(name);
  }
  const icons: IconifyJSON['icons'] = Object.fromEntries(Object.entries(whole.icons).filter(([name]) => kept.has(name)));
  // An alias stays when its parent does: repeated until no alias is added, as aliases may name aliases.
  const aliases: NonNullable<IconifyJSON['aliases']> = {};
  let added = true;
  while (added) {
    added = false;
    for (const [name, alias] of Object.entries(wholeAliases)) {
      if (name in aliases || !(alias.parent in icons || alias.parent in aliases)) continue;
      aliases[name] = alias;
      added = true;
    }
  }
  const keptNames = new Set([...Object.keys(icons), ...Object.keys(aliases)]);
  const visible = Object.values(icons).filter((icon) => !icon.hidden).length;
  const pack: IconifyJSON = { ...whole, icons };
  if (whole.aliases) pack.aliases = aliases;
  if (whole.info) pack.info = { ...whole.info, total: visible };
  if (whole.categories) {
    pack.categories = Object.fromEntries(
      Object.entries(whole.categories)
        .map(([category, members]) => [category, members.filter((name) => keptNames.has(name))] as const)
        .filter(([, members]) => members.length > 0),
    );
  }
  if (whole.chars) pack.chars = Object.fromEntries(Object.entries(whole.chars).filter(([, name]) => keptNames.has(name)));
  return { pack, visible };
}
