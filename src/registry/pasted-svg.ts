import { badRequest, type Problem } from '../core/problem.js';
import { unsafeMarkupReason } from '../data/catalog/unsafe-markup.js';
import { shapeOfDocument } from '../data/search-index/shape.js';
import { holdsNonXmlCharacter } from '../util/xml-characters.js';

/**
 * Longest pasted SVG `svg` takes: a request's target holds at most 2,048
 * bytes (core/target.ts), and a document of this length fits in it
 * percent-encoded when it is mostly path data.
 */
export const MAX_PASTED_SVG = 1800;
/**
 * Most `<use>` elements a pasted document may hold: each can repeat a group
 * holding others, so that a few hundred bytes of them nested draw the same
 * path millions of times. With this many, a drawing repeats a part at most
 * sixteen times.
 */
export const MAX_PASTED_USES = 8;
/** A pasted SVG document: its root's attributes, and its content. */
const PASTED_SVG = /^<svg(\s[^<>]*)?>([\s\S]*)<\/svg>$/;
/**
 * The shape of a pasted SVG document, as hex, or the problem with it. It is
 * drawn only once it is known to hold nothing an icon of an own pack could
 * not (no script, no image, nothing loaded from elsewhere), and drawn small:
 * its cost is bounded by its length.
 */
export function pastedShapeOf(svg: string): string | Problem {
  if (svg.length > MAX_PASTED_SVG) return badRequest(`The svg parameter is longer than ${MAX_PASTED_SVG} characters.`);
  if (holdsNonXmlCharacter(svg)) return badRequest('The svg parameter holds a control character, which XML does not allow.');
  const document = svg.trim();
  const root = PASTED_SVG.exec(document);
  if (!root) return badRequest("The svg parameter must be an SVG document, '<svg ...>...</svg>'.");
  // The root's attributes and content are checked as an own pack's icon is: the root as a group.
  const unsafe = unsafeMarkupReason(`<g${root[1] ?? ''}>${root[2]}</g>`);
  if (unsafe !== undefined) return badRequest(`The svg parameter holds what an icon may not: ${unsafe}.`);
  const uses = root[2]?.match(/<use[\s/>]/gi)?.length ?? 0;
  if (uses > MAX_PASTED_USES) return badRequest(`The svg parameter holds ${uses} <use> elements; it may hold at most ${MAX_PASTED_USES}.`);
  // SVG copied from an HTML page often lacks its namespace, which resvg needs.
  const attributes = root[1] ?? '';
  const shape = shapeOfDocument(/\sxmlns\s*=/.test(attributes) ? document : `<svg xmlns="http://www.w3.org/2000/svg"${attributes}>${root[2]}</svg>`);
  if (!shape) return badRequest('The svg parameter draws nothing: it is not SVG the registry can read, or it has no visible shape.');
  return Buffer.from(shape).toString('hex');
}
