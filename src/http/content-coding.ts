import type { Encoding } from '../compression.js';

/** In order of preference when the client rates several equally. */
const PREFERENCE: Encoding[] = ['br', 'gzip', 'identity'];

/** Codings and their q-values from an Accept-Encoding header (RFC 9110 12.5.3). */
function qualities(header: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    let quality = 1;
    for (const parameter of parameters) {
      const match = /^q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.exec(parameter);
      if (match) quality = Number(match[1]);
    }
    result.set(name === 'x-gzip' ? 'gzip' : name, quality);
  }
  return result;
}

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
  const qualityOf = (coding: Encoding) => rated.get(coding) ?? wildcard ?? (coding === 'identity' ? 1 : 0);
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
