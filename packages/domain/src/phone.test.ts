import { describe, expect, it } from 'vitest';

import { formatCelular, normalizeCelular } from './phone.js';

describe('formatCelular', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['55', '55'],
    ['551', '55-1'],
    ['551234', '55-1234'],
    ['5512345', '55-1234-5'],
    ['5512345678', '55-1234-5678'],
    ['55123456789', '55-1234-56789'],
    ['551234567890', '55-1234-567890'],
    ['5512345678901234', '55-1234-567890'],
    ['55 1234 5678', '55-1234-5678'],
    ['(55) 1234-5678', '55-1234-5678'],
    ['55-1234-5678', '55-1234-5678'],
    ['abc', ''],
    ['a5b5c1', '55-1'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatCelular(input)).toBe(expected);
  });
});

describe('normalizeCelular', () => {
  it.each([
    ['', ''],
    ['55 1234 5678', '5512345678'],
    ['+52 (55) 1234-5678', '525512345678'],
    ['abc', ''],
    ['５５', ''],
  ])('keeps only the digits of %j', (input, expected) => {
    expect(normalizeCelular(input)).toBe(expected);
  });
});
