import { describe, expect, it } from 'vitest';
import { MOMENT_SETTLES_MS, parseMoment } from '../../src/core/moment.js';

const NOW = Date.parse('2026-12-01T12:00:00Z');

describe('parseMoment', () => {
  it('reads a date as its start in UTC, and an instant with its offset', () => {
    expect(parseMoment('2026-11-25', NOW)).toBe(Date.UTC(2026, 10, 25));
    expect(parseMoment('2024-02-29', NOW)).toBe(Date.UTC(2024, 1, 29));
    expect(parseMoment('2026-11-25T10:00+02:00', NOW)).toBe(Date.UTC(2026, 10, 25, 8));
    expect(parseMoment('2026-11-25T10:00:30.5Z', NOW)).toBe(Date.UTC(2026, 10, 25, 10, 0, 30, 500));
  });

  it('refuses a day the month does not have, as any other text that is no moment', () => {
    for (const text of ['2026-02-30', '2025-02-29', '2026-04-31', '2026-11-31T10:00Z', '2026-13-01', '2026-00-10', '2026-11-00', 'yesterday']) {
      expect(parseMoment(text, NOW), text).toMatchObject({ status: 400, code: 'bad_request' });
    }
  });

  it('reads a date of the first century as that date', () => {
    expect(parseMoment('0050-01-01', NOW)).toBe(Date.parse('0050-01-01'));
  });

  it('refuses a moment that is not settled yet', () => {
    expect(parseMoment(new Date(NOW - MOMENT_SETTLES_MS / 2).toISOString(), NOW)).toMatchObject({ status: 404, code: 'moment_not_settled' });
  });
});
