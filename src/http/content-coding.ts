import type { Encoding } from '../util/compression.js';

/** In order of preference when the client rates several equally. */
const PREFERENCE: Encoding[] = ['br', 'gzip', 'identity'];

/** A q parameter (RFC 9110 12.4.2): 'q=' and a weight from 0 to 1 with at most three decimals. */
const Q_PARAMETER = /^q\s*=\s*(.*)$/;
const WEIGHT = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Codings and their q-values from an Accept-Encoding header (RFC 9110 12.5.3).
 * A coding whose q-value is not a valid weight (q=1.5, q=-1, q=NaN) is
 * ignored, as if it were not listed: the header is malformed there.
 */
function qualities(header: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    let quality: number | undefined = 1;
    for (const parameter of parameters) {
      const q = Q_PARAMETER.exec(parameter);
      if (q) quality = WEIGHT.test(q[1] as string) ? Number(q[1]) : undefined;
    }
    if (quality !== undefined) result.set(name === 'x-gzip' ? 'gzip' : name, quality);
  }
  return result;
}

/**
 * Weight of identity when the header neither lists it nor has `*`: it stays
 * acceptable (RFC 9110 12.5.3) but below any coding the client did list, so
 * `br;q=0.5, gzip;q=0.6` gets gzip, not the uncompressed bytes.
 */
const UNLISTED_IDENTITY = 0.0001;

/**
 * Picks the content coding of a response: the acceptable coding with the
 * highest q-value, br before gzip before identity on a tie. Identity is
 * acceptable unless excluded; when nothing is acceptable identity is sent
 * anyway (rather than 406), as most servers do.
 */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (header === undefined || header.trim() === '') return 'identity';
  const rated = qualities(header);
  const wildcard = rated.get('*');
  const qualityOf = (coding: Encoding) => rated.get(coding) ?? wildcard ?? (coding === 'identity' ? UNLISTED_IDENTITY : 0);
  let best: Encoding = 'identity';
  let bestQuality = 0;
  for (const coding of PREFERENCE) {
    const quality = qualityOf(coding);
    if (quality > bestQuality) {
      best = coding;
      bestQuality = quality;
    }
  }
  return best;
}
