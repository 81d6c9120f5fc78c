import { describe, expect, it } from 'vitest';
import { CODIGOS_ERROR, esCodigoError } from './errores.js';

describe('CODIGOS_ERROR', () => {
  it('lists each code once, in the API form (upper case and underscores)', () => {
    expect(new Set(CODIGOS_ERROR).size).toBe(CODIGOS_ERROR.length);
    for (const code of CODIGOS_ERROR) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it('tells an API code from anything else', () => {
    expect(esCodigoError('VALIDACION')).toBe(true);
    expect(esCodigoError('PRECIO_CAMBIO')).toBe(true);
    expect(esCodigoError('validacion')).toBe(false);
    expect(esCodigoError('FST_ERR_VALIDATION')).toBe(false);
    expect(esCodigoError(undefined)).toBe(false);
    expect(esCodigoError(400)).toBe(false);
  });
});
