import { describe, expect, it } from 'vitest';
import { CODIGOS_ERROR } from './errores.js';

describe('CODIGOS_ERROR', () => {
  it('lists each code once, in the API form (upper case and underscores)', () => {
    expect(new Set(CODIGOS_ERROR).size).toBe(CODIGOS_ERROR.length);
    for (const code of CODIGOS_ERROR) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });
});
