/*
 * Text from a pack's author, as it may be published: shown by the page,
 * printed by the shadcn CLI in a terminal (an item's description and docs),
 * written into a comment of a component's source. A terminal runs escape
 * sequences (clear the screen, set the title, rewrite what was printed),
 * and bidirectional overrides and isolates make text read in another order
 * than it runs (a comment that seems to end where it does not).
 */

/**
 * Control characters: C0, DEL, C1, the line and paragraph separators (line
 * breaks to JavaScript), and the bidirectional embeddings, overrides and
 * isolates (U+202A-U+202E, U+2066-U+2069). The marks (LRM, RLM) only steer
 * neutral characters and are kept: names in right-to-left scripts need them.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const CONTROL_RUNS = new RegExp(`${CONTROL.source}+`, 'g');

/**
 * Terminal escape sequences, removed whole so that no parameters are left
 * behind as text: CSI (`ESC [` or its one-byte form, parameters, a final
 * byte), OSC (`ESC ]` or its one-byte form, up to BEL or ST), and the
 * other `ESC` sequences (intermediate bytes, then a final byte).
 */
const ESCAPE_SEQUENCES = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[ -/]*[0-~]/g;

/**
 * `text` without escape sequences, with every other run of control
 * characters turned into one space, trimmed; text without any control
 * character is returned as it is.
 */
export function plainText(text: string): string {
  if (!CONTROL.test(text)) return text;
  return text.replace(ESCAPE_SEQUENCES, '').replace(CONTROL_RUNS, ' ').trim();
}
