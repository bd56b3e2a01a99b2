import { Parser } from 'htmlparser2';

/*
 * Bounds on one SVG file of a folder pack, checked before @iconify/tools
 * reads it: its parser and clean-up take time out of proportion to some files
 * within the size limit (a file nested 10,000 deep holds the build for its
 * whole time bound, a path of 95,000 segments in one stroke for minutes), and
 * a build that runs out of time drops the whole folder. The icons of
 * @iconify/json stay well inside each bound (see docs/own-packs.md).
 */

/** Elements inside one another, the `<svg>` included (at most 9 in @iconify/json). */
export const MAX_SVG_DEPTH = 64;
/** Elements in all, the `<svg>` included (at most 5,242 in @iconify/json): as many as a served body may have. */
export const MAX_SVG_ELEMENTS = 10_000;
/** Numbers in one subpath of a `d` or `points` attribute, from one move to the next (at most 11,207 in @iconify/json). */
export const MAX_SUBPATH_NUMBERS = 12_000;
/** The parser is fed this much at a time, so that it stops soon after a bound is broken. */
const CHUNK_CHARS = 16 * 1024;

/** Thrown from the parser's callbacks to stop it at the first bound broken. */
class BoundBroken {
  constructor(readonly reason: string) {}
}

/**
 * Which bound of an SVG file's shape `text` breaks, or undefined when it
 * breaks none: read by a streaming parser, which stops at the first.
 */
export function svgFileExcess(text: string): string | undefined {
  let depth = 0;
  let elements = 0;
  const parser = new Parser(
    {
      onopentag(_name, attributes) {
        if (++depth > MAX_SVG_DEPTH) throw new BoundBroken(`elements nested over ${MAX_SVG_DEPTH} deep`);
        if (++elements > MAX_SVG_ELEMENTS) throw new BoundBroken(`over ${MAX_SVG_ELEMENTS} elements`);
        for (const [attribute, value] of Object.entries(attributes)) {
          const name = attribute.slice(attribute.lastIndexOf(':') + 1).toLowerCase();
          if ((name === 'd' || name === 'points') && mostSubpathNumbers(value) > MAX_SUBPATH_NUMBERS) {
            throw new BoundBroken(`over ${MAX_SUBPATH_NUMBERS} numbers in one subpath of its path data`);
          }
        }
      },
      onclosetag() {
        depth--;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  try {
    for (let at = 0; at < text.length; at += CHUNK_CHARS) parser.write(text.slice(at, at + CHUNK_CHARS));
    parser.end();
  } catch (error) {
    if (error instanceof BoundBroken) return error.reason;
    throw error;
  }
  return undefined;
}

/** The most numbers between two moves (`M` or `m`) of path data or a list of points, as a path parser splits them (`1.5.5` is two). */
function mostSubpathNumbers(data: string): number {
  let most = 0;
  let count = 0;
  /** What the number being read has had so far; 'none' between numbers. */
  let part: 'none' | 'integer' | 'fraction' | 'exponent' = 'none';
  for (let i = 0; i < data.length; i++) {
    const char = data[i]!;
    if (char >= '0' && char <= '9') {
      if (part === 'none') {
        count++;
        part = 'integer';
      }
    } else if (char === '.') {
      if (part !== 'integer') count++;
      part = 'fraction';
    } else if ((char === 'e' || char === 'E') && part !== 'none') part = 'exponent';
    else if ((char === '-' || char === '+') && part === 'exponent' && (data[i - 1] === 'e' || data[i - 1] === 'E')) {
      // The exponent's sign.
    } else {
      part = 'none';
      if (char === 'M' || char === 'm') {
        most = Math.max(most, count);
        count = 0;
      }
    }
  }
  return Math.max(most, count);
}
