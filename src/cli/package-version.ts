import { readFileSync } from 'node:fs';

/** The version of this program, from its package.json: the registry and the export name it. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}
