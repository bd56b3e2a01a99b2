import { wordsOf } from '../../search-index/vocabulary/words.js';

/** A run of skin tones at the end of an emoji's name, as fluent-emoji write them: `-light`, `-medium-dark`. */
const TONES = '(?:-(?:light|medium|dark))+';

/** An emoji's skin tones, as noto and twemoji write them: `person-standing-medium-light-skin-tone` draws a person standing. */
const SKIN_TONES = new RegExp(`${TONES}-skin-tone`, 'g');

/** The skin tones as fluent-emoji name them, lightest first. */
const FLUENT_TONES = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'];

/** A name ending with a run of tones (fluent-emoji's `person-running-light`): the name before it, and the run. */
const ENDING_TONES = new RegExp(`^(.+?)(${TONES})$`);

const emojiNamesOf = new WeakMap<ReadonlyMap<string, string>, ReadonlySet<string>>();

/** The CLDR names of emoji (see emoji-names.ts) as packs name their glyphs: "person running" as `person-running`. */
function emojiGlyphNames(labels: ReadonlyMap<string, string>): ReadonlySet<string> {
  let names = emojiNamesOf.get(labels);
  if (!names) {
    // As the vocabulary's build names emoji (see vocabulary-sources.ts).
    names = new Set([...labels.values()].map((label) => wordsOf(label).join('-')));
    emojiNamesOf.set(labels, names);
  }
  return names;
}

/**
 * An emoji's name in a skin tone as each kind of pack writes it, and without
 * its tones: `person-taking-bath-light-skin-tone` (noto, twemoji, openmoji),
 * `person-taking-bath-light` (fluent-emoji), and `person-taking-bath` (packs
 * that draw it in one tone). Fluent's way is read as a tone only when what
 * comes before it is an emoji's name (`emojiNames`, see emoji-names.ts) that
 * the pack draws too, untoned and in another tone (`inPack`), so that mdi's
 * `battery-medium` and `theme-light-dark` keep their words. Undefined for a name in no tone, or
 * that is nothing but a tone (the tone's own swatch).
 */
export function skinTonedNames(
  name: string,
  emojiNames: ReadonlyMap<string, string> | undefined,
  inPack: (name: string) => boolean,
): [string, string, string] | undefined {
  const withoutSkinTones = name.replace(SKIN_TONES, '');
  if (withoutSkinTones !== name) return withoutSkinTones === '' ? undefined : [name, name.replace(/-skin-tone/g, ''), withoutSkinTones];
  const untoned = ENDING_TONES.exec(name)?.[1];
  if (untoned === undefined || emojiNames === undefined || !emojiGlyphNames(emojiNames).has(untoned) || !inPack(untoned)) return undefined;
  // Drawn in another tone too: mdi draws `battery` and `battery-medium`, a battery half full, but no `battery-dark`.
  const otherTones = FLUENT_TONES.map((tone) => `${untoned}-${tone}`).filter((toned) => toned !== name);
  return otherTones.some(inPack) ? [name, `${name}-skin-tone`, untoned] : undefined;
}
