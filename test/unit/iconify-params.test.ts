import { rotateFromString } from '@iconify/utils';
import { describe, expect, it } from 'vitest';
import { quarterTurnsOf } from '../../src/faces/iconify/params.js';

describe('the Iconify API parameters', () => {
  it('read `rotate` as the reference does, and return for a negative number whose turns the reference counts up to forever', () => {
    const values: string[] = [];
    for (const sign of ['', '-', '--', '+'])
      for (const number of ['0', '1', '3', '5', '1.5', '.5', '', '90', '270', '450', '45', '25', '75', '12345678', '1e3', 'x'])
        for (const unit of ['', 'deg', '%', 'rad', ' ', 'e2']) values.push(`${sign}${number}${unit}`);
    for (const value of values) expect(quarterTurnsOf(value), value).toBe(rotateFromString(value, 0) || 0);
    expect(quarterTurnsOf(`-1${'0'.repeat(40)}`)).toBe(0);
    expect(quarterTurnsOf(`-3${'0'.repeat(40)}deg`)).toBe(0);
  });
});
