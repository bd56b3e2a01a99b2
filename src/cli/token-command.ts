import { newToken } from '../faces/access/credentials.js';

/** `icon-registry token NAME`: a new token, and its line for the access file. */
export function tokenCommand({ name }: { name: string }): number {
  const { token, line } = newToken(name);
  process.stdout.write(
    `token (shown once; give it to whoever may read the packs that list "${name}"):\n${token}\n\nline for "tokens" in the access file:\n${line}\n`,
  );
  return 0;
}
