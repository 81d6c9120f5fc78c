import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { celularSchema, registroMessages } from './account.schema.js';
import { cleanCelular, formatCelular, normalizeCelular, parseCelular } from './phone.js';

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

describe('parseCelular (phones as typed, docs/api.md)', () => {
  it.each([
    ['55 1234 9876', '5512349876'],
    ['+52 55 1234 9876', '5512349876'],
    ['+52 1 55 1234 9876', '5512349876'],
    ['(55) 1234-9876', '5512349876'],
    ['55.1234.9876', '5512349876'],
    ['  5512349876  ', '5512349876'],
    ['+5215512349876', '5512349876'],
    // After +52, ten digits that start with 1 are the number itself.
    ['+52 1234567890', '1234567890'],
  ])('reads %j as %j', (typed, digits) => {
    expect(parseCelular(typed)).toBe(digits);
    expect(celularSchema.parse(typed)).toBe(digits);
  });

  it.each([
    '',
    '55 1234 987',
    '55 1234 98765',
    '52 55 1234 9876',
    '+1 55 1234 9876',
    '+52 55 1234 98a6',
    'cincuenta y cinco',
    '55_1234_9876',
    '+52',
    '1 55 1234 9876',
  ])('refuses %j', (typed) => {
    expect(parseCelular(typed)).toBeUndefined();
    expect(celularSchema.safeParse(typed).success).toBe(false);
  });

  it('leaves what is not a phone for the rules to name', () => {
    expect(cleanCelular('55 1234 98')).toBe('55123498');
    expect(cleanCelular(' 55 abc ')).toBe('55 abc');
  });
});

describe('parseCelular, properties', () => {
  const digit = fc.constantFrom(...'0123456789'.split(''));
  const digits = (n: number) =>
    fc.array(digit, { minLength: n, maxLength: n }).map((list) => list.join(''));
  const separators = fc
    .array(fc.constantFrom(' ', '-', '.', '(', ')', '\u00a0'), { maxLength: 2 })
    .map((list) => list.join(''));
  const prefix = fc.constantFrom('', '+52', '+52 ', '+52 1 ', '+521', '+52-1-', '+52 (1) ');

  /** The digits with up to two separators before each one. */
  function decorate(text: string): fc.Arbitrary<string> {
    return fc
      .array(separators, { minLength: text.length + 1, maxLength: text.length + 1 })
      .map(
        (seps) => [...text].map((d, i) => `${seps[i] ?? ''}${d}`).join('') + (seps.at(-1) ?? ''),
      );
  }

  it('any 10-digit number, decorated as a person types it, reads as its 10 digits', () => {
    fc.assert(
      fc.property(
        digits(10).chain((number) => fc.tuple(fc.constant(number), prefix, decorate(number))),
        ([number, before, typed]) => {
          expect(parseCelular(`${before}${typed}`)).toBe(number);
          expect(celularSchema.parse(`${before}${typed}`)).toBe(number);
        },
      ),
    );
  });

  it('another count of digits is refused with the registration message for it', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 16 })
          .filter((n) => n !== 10)
          .chain((n) => digits(n))
          .chain((number) => fc.tuple(fc.constant(number), decorate(number))),
        ([number, typed]) => {
          // Without a prefix, nothing but the separators is taken away.
          expect(parseCelular(typed)).toBeUndefined();
          const result = celularSchema.safeParse(typed);
          expect(result.error?.issues[0]?.message).toBe(
            number.length > 10 ? registroMessages.celularMax : registroMessages.celularLongitud,
          );
        },
      ),
    );
  });

  it('a letter or any other character anywhere is refused: only digits are a phone', () => {
    const other = fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[0-9\s\-.()]/.test(c));
    fc.assert(
      fc.property(digits(10), fc.integer({ min: 0, max: 10 }), other, (number, at, c) => {
        const typed = `${number.slice(0, at)}${c}${number.slice(at)}`;
        // '+' first would start +52 only when followed by 52; elsewhere it is refused too.
        fc.pre(!typed.startsWith('+52'));
        expect(parseCelular(typed)).toBeUndefined();
        expect(celularSchema.safeParse(typed).error?.issues[0]?.message).toBe(
          registroMessages.celularSoloNumeros,
        );
      }),
    );
  });

  it('what it answers is 10 digits, and reading it again answers the same', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (typed) => {
        const read = parseCelular(typed);
        if (read === undefined) return;
        expect(read).toMatch(/^\d{10}$/);
        expect(parseCelular(read)).toBe(read);
      }),
    );
  });
});
