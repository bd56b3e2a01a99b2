import type { Encoding } from '../compression.js';
import type { Resource } from '../registry/resource.js';
import { commonHeaders, resourceHeaders } from './headers.js';

/** Header lines of one resource, by content coding and by whether the answer is a 304. */
type Described = Partial<Record<`${Encoding} ${'full' | 'not modified'}`, readonly string[]>>;

/**
 * The response headers of each resource as a flat [name, value, ...] list,
 * made on the first request for a coding and reused after: a request only
 * copies the list and appends its id. The lists hold exactly the headers
 * of commonHeaders and resourceHeaders, plus Content-Encoding and
 * Content-Length on answers with a body.
 */
export class HeaderLines {
  private readonly described = new WeakMap<Resource, Described>();

  constructor(private readonly maxAge: number) {}

  /** Headers of an answer with a body, its length and coding included. */
  full(resource: Resource, encoding: Encoding, body: Buffer, requestId: string): string[] {
    return this.withId(this.lines(resource, encoding, 'full', body), requestId);
  }

  /** Headers of a 304: those describing the representation, without length or coding. */
  notModified(resource: Resource, encoding: Encoding, requestId: string): string[] {
    return this.withId(this.lines(resource, encoding, 'not modified', undefined), requestId);
  }

  private withId(lines: readonly string[], requestId: string): string[] {
    const copy = lines.slice();
    copy.push('x-request-id', requestId);
    return copy;
  }

  private lines(resource: Resource, encoding: Encoding, kind: 'full' | 'not modified', body: Buffer | undefined): readonly string[] {
    let described = this.described.get(resource);
    if (!described) this.described.set(resource, (described = {}));
    const key = `${encoding} ${kind}` as const;
    let lines = described[key];
    if (!lines) {
      const { 'x-request-id': _perRequest, ...common } = commonHeaders('');
      const headers: Record<string, string> = { ...common, ...resourceHeaders(resource, this.maxAge, encoding) };
      if (body) {
        if (encoding !== 'identity') headers['content-encoding'] = encoding;
        headers['content-length'] = String(body.length);
      }
      lines = described[key] = Object.entries(headers).flat();
    }
    return lines;
  }
}
