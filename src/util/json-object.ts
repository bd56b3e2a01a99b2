/** Whether a parsed JSON value is an object (not an array, not null): what untrusted files are checked with before their fields are read. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
