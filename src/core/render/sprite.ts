import type { RenderedSvg } from './svg.js';

/** One icon of a sprite: the id of its symbol and its rendered SVG. */
export interface SpriteIcon {
  symbolId: string;
  rendered: RenderedSvg;
}

/** The id of an icon's symbol in a sprite: `mdi:home` gives `mdi-home`, as UnoCSS names `i-mdi-home`. */
export function symbolIdOf(pack: string, name: string): string {
  return `${pack}-${name}`;
}

/** An id attribute in a body, as @iconify/utils' replaceIDs finds them. */
const ID_ATTRIBUTE = /\sid="(\S+)"/g;
/** Where a reference to an id may start: after `#` (`url(#a)`, `href="#a"`), `;` (`begin="0;a.end"`) or `"`. */
const REFERENCE = /([#;"])([^"#;)\s]+)/g;

/**
 * A body's own ids (gradients, masks, clip paths) prefixed with
 * `{symbolId}--`, and every reference to them with them, where
 * @iconify/utils' replaceIDs would rename them (`#id`, `url(#id)`,
 * `"id"`, `;id.end`) but with names that depend on nothing else: each
 * symbol of a sprite shares one document with the others, where two
 * icons' `id="a"` would clash. Symbol ids never hold `--` (names cannot),
 * so no renamed id is another symbol's id. One pass over the body, however
 * many ids it has (fluent-emoji's have hundreds); the rest is left as it is.
 */
export function prefixIds(body: string, symbolId: string): string {
  const ids = new Set<string>();
  for (const match of body.matchAll(ID_ATTRIBUTE)) ids.add(match[1] as string);
  if (ids.size === 0) return body;
  return body.replace(REFERENCE, (whole, before: string, run: string, at: number) => {
    const after = body[at + whole.length];
    if ((after === '"' || after === ')') && ids.has(run)) return `${before}${symbolId}--${run}`;
    // An id followed by `.end`, `.begin`, ... (an animation's timing): the longest id the run starts with.
    for (let dot = run.lastIndexOf('.'); dot > 0; dot = run.lastIndexOf('.', dot - 1)) {
      if (/[a-z]/.test(run[dot + 1] ?? '') && ids.has(run.slice(0, dot))) return `${before}${symbolId}--${run}`;
    }
    return whole;
  });
}

/** The view box of a rendered icon, as its `svg` element has it. */
function viewBoxOf(rendered: RenderedSvg): string {
  const root = rendered.svg.slice(0, rendered.svg.indexOf('>'));
  return / viewBox="([^"]*)"/.exec(root)?.[1] ?? `0 0 ${rendered.width} ${rendered.height}`;
}

/**
 * An SVG sprite: a `<symbol id="{pack}-{name}" viewBox="...">` for each
 * icon, holding its body (ids prefixed, see prefixIds), to be shown with
 * `<svg><use href="sprite.svg#mdi-home"/></svg>`. Ids that are not in it
 * are named in a comment at its start.
 */
export function renderSprite(icons: readonly SpriteIcon[], missing: readonly string[]): string {
  const symbols = icons.map(
    ({ symbolId, rendered }) => `<symbol id="${symbolId}" viewBox="${viewBoxOf(rendered)}">${prefixIds(rendered.body, symbolId)}</symbol>`,
  );
  const xlink = icons.some(({ rendered }) => rendered.body.includes('xlink:')) ? ' xmlns:xlink="http://www.w3.org/1999/xlink"' : '';
  // Ids are checked ('pack:name', letters, digits and single dashes): none can end the comment.
  const comment = missing.length ? `<!-- missing: ${missing.join(' ')} -->` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg"${xlink}>${comment}${symbols.join('')}</svg>`;
}
