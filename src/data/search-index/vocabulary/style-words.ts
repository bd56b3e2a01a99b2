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

/**
 * Words that say an icon is a brand's logo, not what it draws: tabler's
 * `brand-github`, phosphor's `github-logo` and carbon's `logo-github` are
 * GitHub's logo as `simple-icons:github` is. A name holding one is an exact
 * match of the brand's name alone.
 */
export const LOGO_WORDS: ReadonlySet<string> = new Set(['brand', 'logo']);
