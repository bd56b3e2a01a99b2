import { readFileSync } from 'node:fs';
import { SVG_GOLDEN } from './paths.js';

/** The stored SVG of each icon of the golden sample (its file says how they were checked), by id. */
export function goldenSvgs(): Map<string, string> {
  const { icons } = JSON.parse(readFileSync(SVG_GOLDEN, 'utf8')) as { icons: Record<string, string> };
  return new Map(Object.entries(icons));
}
