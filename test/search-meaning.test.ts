import { describe, expect, it } from 'vitest';
import { tokenHash } from './helpers/access-file.js';
import { PRIVATE_PACK, type SearchAnswer, TOKEN } from './helpers/meaning-search.js';
import { catalogSite } from './helpers/site.js';
import { mapLimit } from './helpers/http.js';
import { answerOf, sharedPackageReference } from './helpers/iconify-reference.js';

/*
 * Search by meaning, `/r/search.json`, over the test catalog: what it answers
 * and how. Its ranking on judged queries, which only the whole catalog shows,
 * is checked by test/catalog/search-relevance.test.ts.
 */

/** The test catalog answered in process, PRIVATE_PACK readable with TOKEN only. */
const site = catalogSite({ access: { packs: { [PRIVATE_PACK]: ['team'] }, tokens: { team: tokenHash(TOKEN) } } });

/**
 * `/r/search.json` with `params` naming a pack the caller cannot read answers as it answers for a pack that does
 * not exist, the same problem document under the other name: 404, pack_not_found.
 */
async function expectNoPack(params: Record<string, string>): Promise<void> {
  const answer = await site.request(`/r/search.json?${new URLSearchParams(params)}`);
  const none = await site.request(`/r/search.json?${new URLSearchParams({ ...params, packs: 'no-such-pack' })}`);
  expect(answer.status, JSON.stringify(params)).toBe(404);
  expect(answer.json<{ code: string }>().code).toBe('pack_not_found');
  expect(answer.text().replaceAll(params.packs as string, 'no-such-pack')).toBe(none.text());
}

/** `/r/search.json` with `params`, which must answer 200. */
async function search(params: Record<string, string>, headers: Record<string, string> = {}): Promise<SearchAnswer> {
  const response = await site.request(`/r/search.json?${new URLSearchParams(params)}`, { headers });
  expect(response.status, JSON.stringify(params)).toBe(200);
  return response.json<SearchAnswer>();
}

/** Asserts that each query is read as the words given, and answers as they do. */
async function expectReadAs(readings: ReadonlyArray<readonly [string, string]>): Promise<void> {
  for (const [q, words] of readings) {
    const answer = await search({ q });
    expect(answer.query, q).toBe(words);
    expect(
      answer.results.map((result) => result.id),
      q,
    ).toEqual((await search({ q: words })).results.map((result) => result.id));
  }
}

/** Asserts that each query, searched within its one pack, finds the name given first. */
async function expectFirstWithinPack(cases: ReadonlyArray<readonly [q: string, pack: string, name: string]>): Promise<void> {
  for (const [q, pack, name] of cases) expect((await search({ q, packs: pack })).results[0]?.name, `${q} in ${pack}`).toBe(name);
}

describe('search by meaning', () => {
  it('reads a sentence without its fillers, and leaves out the one word no icon draws with the others', async () => {
    // "a" and "to" are stop words; no glyph is both mail and grandma, so the best search of all but one word answers.
    const sentence = await search({ q: 'mail a letter to grandma' });
    const withoutGrandma = await search({ q: 'mail letter' });
    expect(sentence.total).toBe(withoutGrandma.total);
    expect(sentence.results.map((result) => result.id)).toEqual(withoutGrandma.results.map((result) => result.id));
    expect(sentence.results[0]?.name).toBe('mail');
    // Pronouns and fillers are stop words too: "send this thing" is "send".
    expect((await search({ q: 'send this thing' })).results.map((result) => result.id)).toEqual(
      (await search({ q: 'send' })).results.map((result) => result.id),
    );
  });

  it("ranks a logo named by a plain word after the glyphs that draw the thing: simple-icons' plane is a company's", async () => {
    // simple-icons, among the most downloaded packs, would come first of the exact names by its popularity alone.
    const ids = (await search({ q: 'plane' })).results.map((result) => result.id);
    expect(ids).toContain('simple-icons:plane');
    expect(ids.indexOf('lucide:plane')).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf('lucide:plane')).toBeLessThan(ids.indexOf('simple-icons:plane'));
    expect(ids[0]).toBe('lucide:plane');
  });

  it('leaves a word out of a sentence whose few full matches met every word only through loose meanings', async () => {
    // A few glyphs meet "undo", "last" and "change" each through a weak link (an arrow, a pencil); `undo` itself meets two of them.
    const sentence = await search({ q: 'undo last change' });
    const withoutLast = await search({ q: 'undo change' });
    expect(sentence.results.map((result) => result.id)).toEqual(withoutLast.results.map((result) => result.id));
    expect(sentence.results[0]?.name).toBe('undo');
  });

  it('leaves a word out of two, within one pack, whose few full matches met both only through loose meanings', async () => {
    // No Tabler glyph is named for both "crop" and "square"; its few full matches met them through loose links, and had
    // come first (`scan-cube`). `crop` names glyphs of Tabler's own, so the search without "square" answers.
    const answer = await search({ q: 'crop to square', packs: 'tabler', limit: '10' });
    const own = answer.results.filter((result) => result.equivalentOf === undefined);
    expect(own[0]?.name).toBe('crop');
    expect(own.slice(0, 5).every((result) => result.name.split('-').includes('crop'))).toBe(true);
  });

  it('keeps, within one pack, the word being typed after a name, which its completions meet below a meaning', async () => {
    // Tabler's `home` names the first word alone, and "sm" is completed (`smart-home`): left out, it had answered `home`.
    for (const q of ['home sm', 'home sma']) {
      const names = (await search({ q, packs: 'tabler' })).results.map((result) => result.name);
      expect(names, q).toContain('smart-home');
      expect(names, q).not.toContain('home');
    }
  });

  it('ranks, within one pack, other readings after the first few when none of its glyphs is named for what is asked', async () => {
    // No Tabler glyph is named "eatery": it found buildings, met through meanings, while other packs name their
    // cutlery (Lucide's `utensils`), whose equivalent in Tabler follows its first six, saying what it stands for.
    const eatery = (await search({ q: 'eatery', packs: 'tabler', limit: '10' })).results;
    expect(eatery.slice(0, 6).every((result) => result.name.startsWith('building') && result.equivalentOf === undefined)).toBe(true);
    expect(eatery[6]?.name).toBe('tools-kitchen');
    expect(eatery[6]?.equivalentOf).toBeDefined();
    // No Phosphor glyph is named for both "add" and "comment": its first are plus signs, met loosely. Which word names
    // what is wanted is a guess, so the first glyphs of "comment" alone (speech bubbles) come among the first ten too.
    const within = { q: 'add a comment', packs: 'ph' };
    const names = (await search({ ...within, limit: '10' })).results.map((result) => result.name);
    const comment = (await search({ q: 'comment', packs: 'ph', limit: '2' })).results.map((result) => result.name);
    expect(
      names.slice(0, 6).every((name) => name.split('-').includes('plus')),
      names.join(' '),
    ).toBe(true);
    expect(names.slice(6)).toEqual(expect.arrayContaining(comment));
    // Pages are slices of one list, each glyph once, and `total` counts them.
    const whole = await search({ ...within, limit: '200' });
    expect(new Set(whole.results.map((result) => result.id)).size).toBe(whole.results.length);
    expect(whole.total).toBe(whole.results.length);
    for (const offset of [0, 3, 5, 6, 7, 9]) {
      const page = await search({ ...within, limit: '4', offset: String(offset) });
      expect(
        page.results.map((result) => result.id),
        `offset ${offset}`,
      ).toEqual(whole.results.slice(offset, offset + 4).map((result) => result.id));
    }
    // No Tabler glyph is named for both "move" and "folder", and the search kept "folder": which word names what is wanted
    // is a guess too, so the first glyphs of "move" alone come among the first ten.
    const move = (await search({ q: 'move to folder', packs: 'tabler', limit: '10' })).results.map((result) => result.name);
    const moveAlone = (await search({ q: 'move', packs: 'tabler', limit: '2' })).results.map((result) => result.name);
    expect(move).toEqual(expect.arrayContaining(moveAlone));
    // A search whose first glyph is named for both words is left as it ranks: Lucide's arrows pointing left.
    const arrows = (await search({ q: 'arrow left', packs: 'lucide', limit: '10' })).results.map((result) => result.name.split('-'));
    expect(arrows.every((words) => words.includes('arrow') && words.includes('left'))).toBe(true);
  });

  it('seeks equivalents within one pack past the first five names of the catalog, until the first page has room for none', async () => {
    // Phosphor's speakers are met through meanings of "text to speech". The catalog's first names outside Phosphor are
    // a microphone with no message, a message with text, Tabler's `voice`, ...: the first five names gave one equivalent
    // Phosphor holds and lacks among its first six, and the readings had to fall back on single words (`text-b`, `lectern`).
    const readings = (await search({ q: 'text to speech', packs: 'ph', limit: '10' })).results.slice(6);
    expect(readings.map((result) => `${result.name}<${result.equivalentOf}`)).toEqual([
      'speaker-slash<mdi:microphone-message-off',
      'chat-text<mdi:message-text',
      'microphone<tabler:voice',
      'quotes<lucide:text-quote',
    ]);
    // Each stands for a result of the rest of the catalog.
    const catalogWide = (await search({ q: 'text to speech', limit: '72' })).results.map((result) => result.id);
    expect(catalogWide).toEqual(expect.arrayContaining(readings.map((result) => result.equivalentOf)));
  });

  it('finds the three dots of a "meatballs" menu in a pack that calls them an ellipsis', async () => {
    expect((await search({ q: 'meatballs menu', packs: 'lucide' })).results[0]?.name).toBe('ellipsis');
  });

  it('finds a thing by the word its trade or field calls it, which no icon library tags', async () => {
    await expectFirstWithinPack([
      ['dongle', 'lucide', 'usb'],
      ['layover', 'lucide', 'plane'],
      ['rma', 'tabler', 'truck-return'],
      ['tradie', 'mdi', 'hard-hat'],
    ]);
  });

  it('finds a theme word alone in names that hold it before the glyphs whose variants are themed so', async () => {
    // Phosphor declares its weights as themes: `x-bold` is the bold weight of `ph:x`, which had come second for "bold".
    for (const word of ['bold', 'light']) {
      const ids = (await search({ q: word, packs: 'ph,lucide,tabler,material-symbols' })).results.map((result) => result.id);
      const namedSo = ids.flatMap((id, at) => (id.endsWith(`:${word}`) ? [at] : []));
      expect(namedSo.length, word).toBeGreaterThan(0);
      expect(namedSo[0], word).toBe(0);
      expect(ids.indexOf('ph:x'), word).toBeGreaterThan(Math.max(...namedSo));
    }
    // Beside another word, the theme still picks the glyph it is a weight of.
    expect((await search({ q: 'heart bold', packs: 'ph' })).results[0]?.id).toBe('ph:heart');
  });

  it('reads an adverb as its adjective, and no typo of it', async () => {
    // "vertically" names only icon-park's glyphs, so "flip vertically" had met Fluent's rotated text blocks elsewhere.
    const answer = await search({ q: 'flip vertically', packs: 'ph,mdi,tabler' });
    expect(answer.results[0]?.name).toBe('flip-vertical');
    const shuffle = await search({ q: 'shuffle randomly', packs: 'lucide' });
    expect(shuffle.didYouMean).toBeUndefined();
    expect(shuffle.results[0]?.name).toBe('shuffle');
  });

  it('reads a thing without it, or not allowed, as the thing struck out', async () => {
    // "without" had met a snowman without snow and pasting without formatting.
    await expectFirstWithinPack([
      ['without sound', 'lucide', 'volume-off'],
      ['camera not allowed', 'lucide', 'camera-off'],
      ['camera not allowed', 'ph', 'camera-slash'],
    ]);
  });

  it('reads a thing that succeeded as the thing checked', async () => {
    // "successful" had met trophies alone, which one source tags with it.
    await expectFirstWithinPack([
      ['payment successful', 'lucide', 'credit-card-check'],
      ['upload successful', 'lucide', 'cloud-check'],
    ]);
  });

  it('ranks a name holding two meanings of a word or phrase above a name holding one', async () => {
    // "no internet" means `wifi` and `off`, "thunderstorm" `cloud` and `lightning`: `wifi` alone had come first.
    await expectFirstWithinPack([
      ['no internet', 'lucide', 'wifi-off'],
      ['no internet', 'tabler', 'wifi-off'],
      ['thunderstorm', 'lucide', 'cloud-lightning'],
    ]);
  });

  it("reads a screen's brightness turned up or down as a sun", async () => {
    // "brightness" and "down" had met Lucide's circled arrows, each through a loose link.
    expect((await search({ q: 'brightness down', packs: 'lucide' })).results[0]?.name).toBe('sun-dim');
    expect((await search({ q: 'brightness up', packs: 'lucide' })).results[0]?.name).toBe('sun');
  });

  it('reads "unhide" as showing, not as a typo of "inside"', async () => {
    const answer = await search({ q: 'unhide', packs: 'lucide' });
    expect(answer.didYouMean).toBeUndefined();
    expect(answer.results[0]?.name).toBe('eye');
  });

  it('reads a verb that begins a query by asking to alter a thing or go to it as asking for the thing', async () => {
    // "change" had met the weak links of "font" in names holding it: `size-change`, `change-coins` (coins as small change).
    await expectReadAs([
      ['change font', 'font'],
      ['adjust the brightness', 'brightness'],
      ['modify theme', 'theme'],
      ['set reminder', 'reminder'],
      ['go fullscreen', 'fullscreen'],
    ]);
    // Going to a thing is asking for it, but for a place in an order, which an arrow that goes draws.
    const goToSettings = await search({ q: 'go to settings' });
    expect(goToSettings.query).toBe('settings');
    expect(goToSettings.results[0]?.name).toMatch(/^settings/);
    expect((await search({ q: 'switch to dark mode' })).query).toBe('dark mode');
    expect((await search({ q: 'connect to wifi' })).query).toBe('wifi');
    expect((await search({ q: 'go to top' })).query).toBe('go top');
    // A place is the word after "to", not any word of the query.
    expect((await search({ q: 'go to settings first' })).query).toBe('settings first');
    expect((await search({ q: 'switch to the camera' })).query).toBe('camera');
    // Not in a phrase the vocabulary knows, nor anywhere but first: a change is drawn in "undo last change".
    expect((await search({ q: 'change case' })).query).toBe('change case');
    expect((await search({ q: 'change the case' })).query).toBe('change case');
    // Nor before stop words alone, as a query typed partway has them.
    expect((await search({ q: 'change the' })).query).toBe('change');
    expect((await search({ q: 'turn on now' })).query).toBe('turn');
    expect((await search({ q: 'go to the next page' })).query).toBe('go next page');
    expect((await search({ q: 'undo last change' })).query).toBe('undo last change');
    // "go" keeps a place in an order, and a phrase the vocabulary knows.
    expect((await search({ q: 'go back' })).query).toBe('go back');
    expect((await search({ q: 'go home' })).query).toBe('go home');
    expect((await search({ q: 'go offline' })).query).toBe('go offline');
    // Nor in a phrase the vocabulary knows: a set square is drawn.
    expect((await search({ q: 'set square' })).query).toBe('set square');
    // Nor before a particle, with which it is a verb of its own.
    expect((await search({ q: 'set up account' })).query).toBe('set up account');
    // Nor of an icon's name: the icons like `change-circle` are found by both its words.
    expect((await search({ like: 'material-symbols:change-circle' })).results[0]?.name).toMatch(/change-circle/);
  });

  it('reads "turn" or "switch" with a particle as asking to switch the thing, wherever the particle is typed', async () => {
    // "turn" alone had met wifi through arrows turning.
    const turnOnWifi = await search({ q: 'turn on wifi' });
    expect(turnOnWifi.query).toBe('wifi');
    expect(turnOnWifi.results[0]?.name).toBe('wifi');
    expect((await search({ q: 'turn off camera' })).query).toBe('off camera');
    // A particle typed last: beside the verb ("switch off the wifi"), or left beside the thing it makes a phrase with.
    expect((await search({ q: 'switch the wifi off', packs: 'lucide' })).results[0]?.name).toBe('wifi-off');
    const turnCameraOff = await search({ q: 'turn camera off', packs: 'lucide' });
    expect(turnCameraOff.query).toBe('camera off');
    expect(turnCameraOff.results[0]?.name).toBe('camera-off');
    // A pronoun between says no more than the verb: "sign me in" had ranked `at-sign` first, "me in" read as `mein`.
    const signMeIn = await search({ q: 'sign me in' });
    expect(signMeIn.results.map((result) => result.id)).toEqual((await search({ q: 'sign in' })).results.map((result) => result.id));
    expect(signMeIn.results[0]?.name).toBe('sign-in');
    // Kept when the vocabulary knows the whole query, and when nothing but particles and stop words follows.
    expect((await search({ q: 'turn off notifications' })).query).toBe('turn off notifications');
    expect((await search({ q: 'turn on off' })).query).toBe('turn off');
    // Only after a verb of controls: a noun and a particle make phrases too, "time out".
    expect((await search({ q: 'time is running out' })).query).toBe('time is running out');
  });

  it('reads the light verbs of an action said as a sentence as fillers', async () => {
    // "make" and "do" say nothing an icon draws: "make a copy" had ranked `copy-check` (make, as check) above `copy`.
    await expectFirstWithinPack([
      ['make a copy', 'lucide', 'copy'],
      ['make a call', 'lucide', 'phone-call'],
      ['do a search', 'lucide', 'search'],
      ['give me a rating', 'tabler', 'star'],
    ]);
    // One that reads as a phrase with the word after it stays a word: "take off" is a plane taking off, not `off`.
    expect((await search({ q: 'take off', packs: 'lucide' })).results[0]?.name).toBe('plane-takeoff');
    // The "now" of a call to action is a filler too: libraries tag carts "buy now", and "download now" had found them.
    const downloadNow = await search({ q: 'download now' });
    expect(downloadNow.query).toBe('download');
    expect(downloadNow.results.map((result) => result.id)).toEqual((await search({ q: 'download' })).results.map((result) => result.id));
    // A query of stop words alone keeps its sentence words: "get a" is "get".
    const getA = await search({ q: 'get a' });
    expect(getA.query).toBe('get');
    expect(getA.results.map((result) => result.id)).toEqual((await search({ q: 'get' })).results.map((result) => result.id));
  });

  it('reads a noun that counts what follows its "of" as no word of the thing', async () => {
    // "pair" had met Bluetooth's pairing: "pair of trainers" ranked `bluetooth` before the trainers.
    await expectReadAs([
      ['pair of trainers', 'trainers'],
      ['a bunch of flowers', 'flowers'],
      ['couple of users', 'users'],
    ]);
    // Alone, or with nothing after its "of", it is the word typed.
    expect((await search({ q: 'pair' })).query).toBe('pair');
    expect((await search({ q: 'pair of' })).query).toBe('pair');
  });

  it('reads a query of three words or more as one tag where the vocabulary knows it whole', async () => {
    // The editing words tag `speech-speaker-voice` with "text to speech"; read in pairs, the tag was never met, and
    // Tabler's letters, for "text", came first.
    const answer = await search({ q: 'text to speech', packs: 'tabler' });
    expect(answer.results[0]?.name).toBe('voice');
  });

  it('ranks first, within one pack, the glyph named as a library named what it tagged with two words of the query', async () => {
    // Lucide tags `user-plus` "sign up"; the words apart found `arrow-up` first.
    expect((await search({ q: 'sign up', packs: 'lucide' })).results[0]?.name).toBe('user-plus');
  });

  it('counts a style word of the query as asking for no word of a name', async () => {
    // mdi draws `heart` and `heart-cog` in outline too; "outline" had made `cog` count as asked, and `heart-box` led.
    const answer = await search({ q: 'heart outline', packs: 'mdi' });
    expect(answer.results[0]?.name).toBe('heart');
    expect(answer.results[0]?.variants).toContain('heart-outline');
  });

  it('counts the words a glyph found through an alias adds by that alias, not by its own name', async () => {
    // mdi's `vhs` meets "home" only as its alias `video-home-system`, two words unasked; its own name had counted none, and it came second.
    const names = (await search({ q: 'home', packs: 'mdi', limit: '100' })).results.map((result) => result.name);
    const [vhs, modern, heart] = ['vhs', 'home-modern', 'home-heart'].map((name) => names.indexOf(name));
    expect(names[0]).toBe('home');
    expect(vhs).toBeGreaterThan(-1);
    expect(vhs).toBeGreaterThan(modern as number);
    expect(vhs).toBeGreaterThan(heart as number);
    expect(modern).toBeGreaterThan(-1);
    expect(heart).toBeGreaterThan(-1);
  });

  it('reads a word in the other number within one pack, which names the thing one way', async () => {
    // Lucide names `book` and `library`, no `books`: the plural had found only libraries.
    const books = await search({ q: 'books', packs: 'lucide' });
    expect(books.results.map((result) => result.name)).toContain('book');
    // And the plural for the singular: `headphones` before `headphone-off`, which holds the word but adds one.
    expect((await search({ q: 'headphone', packs: 'lucide' })).results[0]?.name).toBe('headphones');
  });

  it("finds, by a word of a list entry's own name, the words packs draw it with", async () => {
    // The project's list names "watermark" `watermark-copyright`: no Lucide glyph is named for a watermark.
    const answer = await search({ q: 'watermark', packs: 'lucide' });
    expect(answer.results[0]?.name).toBe('copyright');
  });

  it('completes the word being typed', async () => {
    const answer = await search({ q: 'calend', limit: '10' });
    expect(answer.results.length).toBe(10);
    expect(answer.didYouMean).toBeUndefined();
    expect(answer.results.every((result) => result.name.split('-').some((word) => word.startsWith('calend')))).toBe(true);
  });

  it('finds a word written as one in names that write it as two, and corrects it no more', async () => {
    // Lucide names it `log-out` and `log-in`; within Lucide, "logout" had found arrows pointing right.
    for (const [word, name] of [
      ['logout', 'log-out'],
      ['login', 'log-in'],
      ['userplus', 'user-plus'],
    ] as const)
      expect((await search({ q: word, packs: 'lucide', limit: '10' })).results[0]?.name, word).toBe(name);
    // No name holds `userplus`: it was corrected to "surplus", and is now read as the names write it.
    const everywhere = await search({ q: 'userplus', limit: '24' });
    expect(everywhere.didYouMean).toBeUndefined();
    // The sample of the catalog holds a few packs' `user-plus`, each found, and nothing else.
    expect(everywhere.results.length).toBeGreaterThanOrEqual(3);
    expect(everywhere.results.every((result) => [result.name, ...result.variants].some((name) => /(^|-)(user-plus|plus-user)(-|$)/.test(name)))).toBe(true);
  });

  it('reads a form of a verb that the vocabulary does not know as the verb, and takes no form of a verb for a typo', async () => {
    // "deleting" was corrected to "meeting", and "syncing" to "dancing".
    for (const [word, verb] of [
      ['deleting', 'delete'],
      ['syncing', 'sync'],
      ['rotating', 'rotate'],
    ] as const) {
      const answer = await search({ q: word, packs: 'lucide', limit: '10' });
      expect(answer.didYouMean, word).toBeUndefined();
      expect(answer.results[0]?.name.split('-'), word).toContain(verb);
    }
    // The vocabulary knows "printing", but it is still no typo of "pointing".
    expect((await search({ q: 'printing', limit: '10' })).didYouMean).toBeUndefined();
  });

  it('reads a query of symbols by their names', async () => {
    for (const [symbol, name] of [
      ['+', 'plus'],
      ['%', 'percent'],
      ['€', 'euro'],
      ['->', 'arrow-right'],
    ] as const)
      expect((await search({ q: symbol, packs: 'lucide', limit: '10' })).results[0]?.name, symbol).toBe(name);
  });

  it('reads an emoji by its CLDR name, and says the words it read', async () => {
    for (const [emoji, read, name] of [
      ['📷', 'camera', 'camera'],
      ['🗑️', 'wastebasket', 'trash'],
      ['👍🏽', 'thumbs up', 'thumbs-up'],
    ] as const) {
      const answer = await search({ q: emoji, packs: 'lucide', limit: '10' });
      expect(answer.query, emoji).toBe(read);
      expect(answer.results[0]?.name, emoji).toBe(name);
    }
    // Over the whole catalog the emoji packs' glyphs of that name are among the first: noto names it as CLDR does.
    expect((await search({ q: '🗑️', limit: '48' })).results.map((result) => result.id)).toContain('noto:wastebasket');
  });

  it("lists a glyph's variants under one result: one material-symbols house, not four", async () => {
    const answer = await search({ q: 'house', packs: 'material-symbols', limit: '50' });
    const house = answer.results.find((result) => result.name === 'house');
    expect(house?.variants.sort()).toEqual(['house-outline', 'house-outline-rounded', 'house-outline-sharp', 'house-rounded', 'house-sharp']);
    expect(answer.results.filter((result) => /^house-(outline|rounded|sharp)/.test(result.name))).toEqual([]);
    const all = await search({ q: 'house', limit: '24' });
    const perPack = new Map<string, number>();
    for (const result of all.results) perPack.set(result.pack, (perPack.get(result.pack) ?? 0) + 1);
    expect(Math.max(...perPack.values())).toBeLessThanOrEqual(3);
  });

  it('gives each result its drawing, the body of its icon document', async () => {
    const answer = await search({ q: 'home', limit: '5' });
    for (const result of answer.results) {
      const document = (await site.request(`/r/${result.pack}/${result.name}.json`)).json<{ body: string; width: number; height: number }>();
      expect({ body: result.body, width: result.width, height: result.height }, result.id).toEqual({
        body: document.body,
        width: document.width,
        height: document.height,
      });
    }
  });

  it("completes a search within one pack that finds little by the pack's own names with its equivalents of the catalog's best results", async () => {
    // Phosphor's glyphs found for "settee" are its `couch` alone; the sofas of the rest of the catalog complete them with
    // their equivalent in Phosphor, `armchair`.
    const answer = await search({ q: 'settee', packs: 'ph', limit: '10' });
    expect(answer.results[0]?.name).toBe('couch');
    expect(answer.results[0]?.equivalentOf).toBeUndefined();
    const armchair = answer.results.find((result) => result.name === 'armchair');
    expect(answer.results.every((result) => result.pack === 'ph')).toBe(true);
    // Each equivalent names the result of the rest of the catalog it stands for: one of its first.
    expect(armchair?.equivalentOf).toMatch(/^(?!ph:)[a-z0-9-]+:[a-z0-9-]*sofa/);
    const catalogWide = await search({ q: 'settee', limit: '48' });
    expect(catalogWide.results.map((result) => result.id)).toContain(armchair?.equivalentOf);
    expect(answer.total).toBe(answer.results.length);
    // The pages of one search are slices of one list.
    const second = await search({ q: 'settee', packs: 'ph', limit: '1', offset: '1' });
    expect(second.total).toBe(answer.total);
    expect(second.results.map((result) => result.id)).toEqual(answer.results.slice(1, 2).map((result) => result.id));
    // A pack the caller may not read is no pack, completed or not.
    await expectNoPack({ q: 'settee', packs: PRIVATE_PACK });
  });

  it('completes a search within one pack with equivalents of results of different names, not of one name in several sizes or styles', async () => {
    // The catalog's first results hold `volume` and `volume-1`, `reload` and `reload-sharp`: each name once, so that
    // five other names are sought instead.
    const wholeName = (id: string) => id.slice(id.indexOf(':') + 1).replace(/-(sharp|filled|fill|outline|\d+)(?=-|$)/g, '');
    for (const [q, pack] of [
      ['loudness', 'ph'],
      ['paper plane', 'ph'],
      ['refresh page', 'material-symbols'],
    ] as const) {
      const anchors = (await search({ q, packs: pack, limit: '48' })).results.flatMap((result) =>
        result.equivalentOf ? [wholeName(result.equivalentOf)] : [],
      );
      expect(anchors.length, q).toBeGreaterThan(0);
      expect(new Set(anchors).size, `${q}: ${anchors.join(', ')}`).toBe(anchors.length);
    }
  });

  it('ranks first, in a pack that matches a query only with a word left out, its equivalents of what the rest of the catalog matches in full', async () => {
    // No Tabler glyph is named for both "hard" and "copy": leaving "hard" out, the search finds Tabler's copies. The rest
    // of the catalog matches "hard copy" in full (printers, tagged so), and points at Tabler's `printer`.
    const answer = await search({ q: 'hard copy', packs: 'tabler', limit: '10' });
    expect(answer.results[0]?.name).toBe('printer');
    expect(answer.results[0]?.equivalentOf).toMatch(/^(?!tabler:)[a-z0-9-]+:[a-z0-9-]*print/);
    const catalogWide = await search({ q: 'hard copy', limit: '48' });
    expect(catalogWide.results.map((result) => result.id)).toContain(answer.results[0]?.equivalentOf);
    // After it, what Tabler's names matched: its copies, none an equivalent.
    expect(answer.results[1]?.name).toBe('copy');
    expect(answer.results.slice(1).filter((result) => result.equivalentOf !== undefined)).toEqual([]);
    // The pages of one search are slices of one list, each glyph once, as many as the total says.
    const whole = await search({ q: 'hard copy', packs: 'tabler', limit: '200' });
    expect(whole.results.length).toBe(whole.total);
    const paged: string[] = [];
    for (let offset = 0; offset < whole.total; offset += 7) {
      const page = await search({ q: 'hard copy', packs: 'tabler', limit: '7', offset: String(offset) });
      expect(page.total).toBe(whole.total);
      paged.push(...page.results.map((result) => result.id));
    }
    expect(paged).toEqual(whole.results.map((result) => result.id));
    expect(new Set(paged).size).toBe(paged.length);
  });

  it("ranks a caller's private pack first with its token, and never shows it without", async () => {
    const withToken = await search({ q: 'text', limit: '24' }, { authorization: `Bearer ${TOKEN}` });
    expect(withToken.results[0]?.pack).toBe(PRIVATE_PACK);
    const without = await search({ q: 'text', limit: '200' });
    expect(without.results.some((result) => result.pack === PRIVATE_PACK)).toBe(false);
    await expectNoPack({ q: 'text', packs: PRIVATE_PACK });
    const iconify = (await site.request('/search?query=text&limit=999')).json<{ icons: string[] }>();
    expect(iconify.icons.length).toBeGreaterThan(0);
    expect(iconify.icons.some((id) => id.startsWith(`${PRIVATE_PACK}:`))).toBe(false);
    const withTokenAnswer = await site.request(`/search?query=text&prefix=${PRIVATE_PACK}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const iconifyWithToken = withTokenAnswer.json<{ icons: string[] }>();
    expect(iconifyWithToken.icons.length).toBeGreaterThan(0);
    expect((await search({ q: 'text', packs: PRIVATE_PACK }, { authorization: `Bearer ${TOKEN}` })).total).toBeGreaterThan(0);
  });

  it('filters by pack, licence, palette and style', async () => {
    const lucide = await search({ q: 'arrow', packs: 'lucide,tabler', limit: '100' });
    expect(new Set(lucide.results.map((result) => result.pack))).toEqual(new Set(['lucide', 'tabler']));
    const colour = await search({ q: 'house', palette: 'color', limit: '50' });
    expect(colour.results.length).toBeGreaterThan(0);
    const index = (await site.request('/r/registry.json')).json<Array<{ id: string; palette?: boolean; license: { spdx?: string } }>>();
    const palette = new Map(index.map((entry) => [entry.id, entry.palette ?? false]));
    expect(colour.results.every((result) => palette.get(result.pack) === true)).toBe(true);
    const mit = await search({ q: 'house', license: 'MIT', limit: '50' });
    const spdx = new Map(index.map((entry) => [entry.id, entry.license.spdx]));
    expect(mit.results.length).toBeGreaterThan(0);
    expect(mit.results.every((result) => spdx.get(result.pack) === 'MIT')).toBe(true);
    // SPDX ids are matched without case; a licence no pack is under is a mistake to say, not a filter that keeps nothing.
    expect(await search({ q: 'house', license: 'mit', limit: '50' })).toEqual(mit);
    const unknown = await site.request('/r/search.json?q=house&license=MTI');
    expect(unknown.status).toBe(400);
    expect(unknown.json<{ suggestions: string[] }>().suggestions).toContain('MIT');
  });

  it("names a brand's logo exactly by the brand, whatever word says it is a logo", async () => {
    // GitHub's logo is `brand-github` in Tabler and `github-logo` in Phosphor: the pull-request glyphs that "github"
    // also means had come first.
    const github = await search({ q: 'github', packs: 'ph,tabler', limit: '2' });
    expect(github.results.map((result) => result.id).sort()).toEqual(['ph:github-logo', 'tabler:brand-github']);
  });

  it('filters by style icon by icon within packs drawn both ways, as the Iconify API tells the ways apart', async () => {
    const reference = await sharedPackageReference();
    for (const [q, style] of [
      ['heart', 'fill'],
      ['heart', 'stroke'],
      ['home', 'stroke'],
      ['star', 'fill'],
      ['arrow left', 'stroke'],
    ] as const) {
      const answer = await search({ q, style, packs: 'lucide,tabler', limit: '24' });
      expect(answer.results.length, `${q} ${style}`).toBeGreaterThan(0);
      // Each result is an icon the reference lists for its own name under the same style.
      await mapLimit(answer.results, 4, async (result) => {
        const path = `/search?query=${encodeURIComponent(`${result.name} style:${style}`)}&prefix=${result.pack}&limit=999`;
        const listed = JSON.parse((await answerOf(reference.origin, path)).body) as { icons: string[] };
        expect(listed.icons, `${q} ${style}: ${result.id}`).toContain(result.id);
      });
    }
    // Lucide and Tabler each draw a few icons with fills, and were left out whole; a glyph drawn both ways (Tabler's
    // `heart` and `heart-filled`) is offered as its icon drawn as asked.
    const strokes = await search({ q: 'heart', style: 'stroke', packs: 'lucide,tabler', limit: '48' });
    expect(strokes.results.map((result) => result.id)).toEqual(expect.arrayContaining(['lucide:heart', 'tabler:heart']));
    const fills = await search({ q: 'heart', style: 'fill', packs: 'tabler', limit: '1' });
    expect(fills.results.map((result) => [result.id, result.variants])).toEqual([['tabler:heart-filled', ['heart']]]);
  });

  it('answers a search within a pack it does not serve, or like an icon it does not, as it answers for that pack or icon', async () => {
    for (const packs of ['mdii', 'lucide,mdii']) {
      const response = await site.request(`/r/search.json?q=home&packs=${packs}`);
      expect(response.status, packs).toBe(404);
      const problem = response.json<{ code: string; detail: string; suggestions: string[] }>();
      expect(problem.code).toBe('pack_not_found');
      expect(problem.detail).toBe("There is no pack 'mdii'.");
      expect(problem.suggestions).toContain('mdi');
      expect(response.text()).toBe((await site.request('/r/mdii.json')).text());
    }
    // An icon like which to search, of a pack not served or that the pack lacks: the 404 of its document.
    for (const [like, document, code] of [
      ['mdii:home', '/r/mdii.json', 'pack_not_found'],
      ['mdi:hoem', '/r/mdi/hoem.json', 'icon_not_found'],
    ] as const) {
      const response = await site.request(`/r/search.json?like=${like}`);
      expect([response.status, response.json<{ code: string }>().code], like).toEqual([404, code]);
      expect(response.text()).toBe((await site.request(document)).text());
    }
  });

  it('refuses what it does not take with a problem naming it', async () => {
    for (const [query, detail] of [
      ['q=home&lmit=5', /Unknown parameter 'lmit'/],
      ['q=home&q=house', /q parameter is given more than once/],
      ['q=home&limit=5&limit=500', /limit parameter is given more than once/],
      ['q=home&limit=0', /limit parameter/],
      ['q=home&limit=201', /limit parameter/],
      ['q=home&offset=10001', /offset parameter/],
      ['q=home&palette=rainbow', /palette parameter/],
      ['q=home&style=bold', /style parameter/],
      [`q=${'a'.repeat(257)}`, /longer than 256/],
      [`q=home&packs=${Array.from({ length: 65 }, (_, i) => `p${i}`).join(',')}`, /packs parameter/],
      ['q=home&like=mdi:delete', /q or like, not both/],
      ['like=delete', /like parameter must be an icon id/],
    ] as const) {
      const response = await site.request(`/r/search.json?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers['content-type']).toBe('application/problem+json');
      expect(response.json<{ detail: string }>().detail).toMatch(detail);
    }
  });
});
