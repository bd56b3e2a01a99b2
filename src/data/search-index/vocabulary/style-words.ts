/**
 * Words that only ever say how an icon is drawn, never what it shows: an
 * icon named `home-outline` is the `home` glyph drawn in outline. Packs
 * append them to names (mdi, tabler, bi, carbon, ...).
 *
 * `bold`, `thin`, `light`, `line` and `round` are left out: they name
 * glyphs too (`bi:type-bold` is the bold-text glyph, `mdi:alarm-light` a
 * siren, `lucide:check-line` a check over a line), and the packs that use
 * them for weights declare them as theme suffixes (`ph`, `ri`, `solar`).
 */
export const STYLE_WORDS: ReadonlySet<string> = new Set([
  'outline',
  'outlined',
  'rounded',
  'sharp',
  'fill',
  'filled',
  'solid',
  'duotone',
  'twotone',
  'regular',
]);
