import { plainText } from './plain-text.js';
import type { RegistryEntry } from './registry-entry.js';

/** What a credit names of a pack. */
type PackCredit = Pick<RegistryEntry, 'name' | 'author' | 'license'>;

/**
 * Licences that ask nothing of whoever ships the icons: no credit, no notice.
 * Every other licence of the catalog asks for one (CC BY for a credit; MIT,
 * Apache, OFL, GPL and the like for the copyright and licence notice).
 */
const NO_ATTRIBUTION_LICENCES: ReadonlySet<string> = new Set(['CC0-1.0', 'Unlicense', '0BSD', 'MIT-0', 'WTFPL']);

/** Whether shipping icons of this pack asks for a credit or notice. */
export function needsAttribution(license: PackCredit['license']): boolean {
  return !(license.spdx !== undefined && NO_ATTRIBUTION_LICENCES.has(license.spdx));
}

/** Text of a pack's info as it may appear in one line of a comment or message: no line breaks, no controls, bounded. */
function oneLine(text: string | undefined): string {
  const flat = plainText(text ?? '').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

const withUrl = (text: string, url: string | undefined) => (url ? `${text} (${oneLine(url)})` : text);

/** `Material Design Icons by Pictogrammers (https://…), licensed Apache 2.0 (https://…)`. */
function packCredit(pack: PackCredit): string {
  return `${oneLine(pack.name)} by ${withUrl(oneLine(pack.author.name), pack.author.url)}, licensed ${withUrl(oneLine(pack.license.title), pack.license.url)}`;
}

/**
 * The credit line to ship with an icon, in the form CC BY asks for (title,
 * author, source, licence), or undefined when the licence asks for none.
 */
export function attributionLine(pack: PackCredit, iconId: string): string | undefined {
  if (!needsAttribution(pack.license)) return undefined;
  return `Icon "${oneLine(iconId)}" from ${packCredit(pack)}`;
}

/** What the shadcn CLI prints after installing an icon: where it is from, its licence, and the credit to give. */
export function installNotes(pack: PackCredit, iconId: string): string {
  const credit = attributionLine(pack, iconId);
  return [
    `${oneLine(iconId)} is from ${packCredit(pack)}.`,
    credit ? `Its licence asks for this credit wherever you ship it: ${credit}` : `Its licence (${oneLine(pack.license.spdx)}) asks for no credit.`,
  ].join('\n');
}

/** The comment above an icon's component: the icon, its pack, author and licence, and the credit to keep. */
/** An icon's id as a component's licence comment names it: `pack:name`, or `pack@revision:name` for a pinned revision. */
export function creditedIconId(pack: string, name: string, revision?: string): string {
  return revision === undefined ? `${pack}:${name}` : `${pack}@${revision}:${name}`;
}

export function componentHeader(pack: PackCredit, iconId: string): string[] {
  const lines = [`// ${oneLine(iconId)}: ${packCredit(pack)}.`];
  const credit = attributionLine(pack, iconId);
  if (credit) lines.push(`// Keep this credit where you ship it: ${credit}`);
  return lines;
}
