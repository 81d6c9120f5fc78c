import { describe, expect, it } from 'vitest';
import { ID_MAX, isIdValido, isTiendaVisible, TIENDA_VISIBLE } from './reglas.js';

describe('isIdValido', () => {
  it('takes positive integers up to the integer column’s maximum', () => {
    expect([1, 42, ID_MAX].map(isIdValido)).toEqual([true, true, true]);
  });

  it('refuses zero, negatives, fractions, text and anything past the maximum', () => {
    expect([0, -1, 1.5, '7', ID_MAX + 1, Number.NaN, null].map(isIdValido)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('isTiendaVisible', () => {
  it('a live, approved, switched-on, configured shop is visible, as 0/1 or booleans', () => {
    expect(isTiendaVisible(TIENDA_VISIBLE)).toBe(true);
    expect(
      isTiendaVisible({ deleted: false, approved: true, activated: true, configured: true }),
    ).toBe(true);
  });

  it('any one flag off hides it', () => {
    for (const flag of Object.keys(TIENDA_VISIBLE) as (keyof typeof TIENDA_VISIBLE)[]) {
      const tienda = { ...TIENDA_VISIBLE, [flag]: 1 - TIENDA_VISIBLE[flag] };
      expect(isTiendaVisible(tienda), flag).toBe(false);
    }
  });
});
