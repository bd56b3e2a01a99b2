/**
 * Words people search icons by that name the same thing, each group written
 * once. Icon names use one word where users type another (`house` for
 * `home`, `cog` for `settings`); search tries the others when the words as
 * typed find too few icons.
 */
const GROUPS: readonly (readonly string[])[] = [
  ['home', 'house'],
  ['settings', 'cog', 'gear', 'preferences'],
  ['trash', 'delete', 'bin', 'garbage'],
  ['search', 'magnify', 'magnifier', 'find', 'loupe'],
  ['user', 'person', 'account', 'profile', 'avatar'],
  ['close', 'cancel', 'dismiss'],
  ['edit', 'pencil', 'pen'],
  ['mail', 'email', 'envelope', 'letter'],
  ['phone', 'telephone', 'call'],
  ['heart', 'love', 'like', 'favorite'],
  ['bell', 'notification', 'alarm'],
  ['calendar', 'date', 'schedule'],
  ['clock', 'time', 'watch'],
  ['menu', 'hamburger'],
  ['plus', 'add'],
  ['minus', 'subtract'],
  ['check', 'tick', 'done', 'ok'],
  ['warning', 'alert', 'caution'],
  ['info', 'information'],
  ['image', 'picture', 'photo'],
  ['lock', 'padlock', 'secure'],
  ['chart', 'graph'],
  ['cart', 'basket', 'shopping'],
  ['chat', 'message', 'comment'],
  ['globe', 'world', 'earth', 'internet'],
  ['money', 'cash', 'currency'],
  ['refresh', 'reload', 'sync'],
  ['copy', 'duplicate', 'clone'],
  ['link', 'chain', 'url'],
  ['logout', 'signout', 'exit'],
  ['login', 'signin'],
  ['folder', 'directory'],
  ['file', 'document'],
  ['eye', 'view', 'visible'],
  ['moon', 'night'],
  ['sun', 'day'],
  ['car', 'automobile', 'vehicle'],
  ['download', 'save'],
];

const SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map(
  GROUPS.flatMap((group) => group.map((word) => [word, group.filter((other) => other !== word)] as const)),
);

/** The other words for `word`, if it has any. */
export function synonymsOf(word: string): readonly string[] {
  return SYNONYMS.get(word) ?? [];
}
