/** A run of skin tones at the end of an emoji's name, as fluent-emoji write them: `-light`, `-medium-dark`. */
const TONES = '(?:-(?:light|medium|dark))+';

/** An emoji's skin tones, as noto and twemoji write them: `person-standing-medium-light-skin-tone` draws a person standing. */
const SKIN_TONES = new RegExp(`${TONES}-skin-tone`, 'g');

/** A name ending with a run of tones (fluent-emoji's `person-running-light`): the name before it, and the run. */
const ENDING_TONES = new RegExp(`^(.+?)(${TONES})$`);

const emojiNamesOf = new WeakMap<ReadonlyMap<string, string>, ReadonlySet<string>>();

/** The CLDR names of emoji (see emoji-names.ts) as packs name their glyphs: "person running" as `person-running`. */
function emojiGlyphNames(labels: ReadonlyMap<string, string>): ReadonlySet<string> {
  let names = emojiNamesOf.get(labels);
  if (!names) {
    names = new Set(
      [...labels.values()].map((label) =>
        label
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
      ),
    );
    emojiNamesOf.set(labels, names);
  }
  return names;
}

/**
 * An emoji's name in a skin tone as each kind of pack writes it, and without
 * its tones: `person-taking-bath-light-skin-tone` (noto, twemoji, openmoji),
 * `person-taking-bath-light` (fluent-emoji), and `person-taking-bath` (packs
 * that draw it in one tone). Fluent's way is read as a tone only when what
 * comes before it is an emoji's name (`emojiNames`, see emoji-names.ts), so
 * that mdi's `theme-light-dark` keeps its words. Undefined for a name in no
 * tone, or that is nothing but a tone (the tone's own swatch).
 */
export function skinTonedNames(name: string, emojiNames: ReadonlyMap<string, string> | undefined): [string, string, string] | undefined {
  const untoned = name.replace(SKIN_TONES, '');
  if (untoned !== name) return untoned === '' ? undefined : [name, name.replace(/-skin-tone/g, ''), untoned];
  const ending = ENDING_TONES.exec(name);
  if (!ending || emojiNames === undefined || !emojiGlyphNames(emojiNames).has(ending[1] as string)) return undefined;
  return [name, `${name}-skin-tone`, ending[1] as string];
}
