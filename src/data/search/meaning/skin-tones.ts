/** An emoji's skin tones, which say how it is drawn: `person-standing-medium-light-skin-tone` draws a person standing. */
const SKIN_TONES = /(?:-(?:light|medium|dark))+-skin-tone/g;

/**
 * An emoji's name as packs that name skin tones otherwise write it
 * (`person-taking-bath-light`, as fluent-emoji do), and without its tones
 * (`person-taking-bath`). A name that is nothing but a tone (the tone's own
 * swatch) stays whole.
 */
export function skinTonesOf(name: string): { shortened: string; untoned: string } {
  return { shortened: name.replace(/-skin-tone/g, ''), untoned: name.replace(SKIN_TONES, '') || name };
}
