import type { Encoding } from '../util/compression.js';
import type { Resource } from '../core/resource.js';
import { COMMON_HEADER_LINES, resourceHeaderLines } from './headers.js';

/** Header lines of one resource, at `slotOf(encoding, kind)`. */
type Described = Array<readonly string[] | undefined>;

const ENCODING_SLOTS: Readonly<Record<Encoding, number>> = { identity: 0, br: 2, gzip: 4 };
const slotOf = (encoding: Encoding, kind: 'full' | 'not modified') => ENCODING_SLOTS[encoding] + (kind === 'full' ? 0 : 1);

/**
 * The response headers of an answer as a flat [name, value, ...] list. The
 * lines of a resource are made on the first request for a coding and reused
 * after (kept as long as the resource is): a request only copies the list
 * and appends its own headers and its id.
 */
export class HeaderLines {
  private readonly described = new WeakMap<Resource, Described>();

  constructor(private readonly maxAge: number) {}

  /** Headers of an answer with a body: every common header, the resource's, its length and coding. */
  full(resource: Resource, encoding: Encoding, own: Readonly<Record<string, string>> | undefined, requestId: string): string[] {
    return finish(this.lines(resource, encoding, 'full'), own, requestId);
  }

  /** Headers of a 304: those describing the representation, without length or coding. */
  notModified(resource: Resource, encoding: Encoding, own: Readonly<Record<string, string>> | undefined, requestId: string): string[] {
    return finish(this.lines(resource, encoding, 'not modified'), own, requestId);
  }

  /** Headers of an answer without a body (a preflight). */
  bodiless(own: Readonly<Record<string, string>> | undefined, requestId: string): string[] {
    return finish(COMMON_HEADER_LINES, own, requestId);
  }

  private lines(resource: Resource, encoding: Encoding, kind: 'full' | 'not modified'): readonly string[] {
    let described = this.described.get(resource);
    if (!described) this.described.set(resource, (described = []));
    const slot = slotOf(encoding, kind);
    let lines = described[slot];
    if (!lines) {
      const made = COMMON_HEADER_LINES.concat(resourceHeaderLines(resource, this.maxAge, encoding));
      if (kind === 'full') {
        if (encoding !== 'identity') made.push('content-encoding', encoding);
        const length = resource.byteLength(encoding);
        // Without a length known beforehand, Node sends the body chunked.
        if (length !== undefined) made.push('content-length', String(length));
      }
      lines = described[slot] = made;
    }
    return lines;
  }
}

/** The lines with the answer's own headers (replacing one of the same name, as a private Cache-Control does) and the request id. */
function finish(lines: readonly string[], own: Readonly<Record<string, string>> | undefined, requestId: string): string[] {
  const copy = lines.slice();
  if (own) {
    for (const name in own) {
      const at = copy.indexOf(name);
      if (at !== -1 && at % 2 === 0) copy[at + 1] = own[name] as string;
      else copy.push(name, own[name] as string);
    }
  }
  copy.push('x-request-id', requestId);
  return copy;
}
