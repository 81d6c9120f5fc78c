import { describe, expect, it } from 'vitest';
import { isOfertaVigente } from './oferta';

describe('isOfertaVigente', () => {
  it('is on during the last minute of 31 December 2025 in Mexico City', () => {
    expect(isOfertaVigente(new Date('2025-12-31T23:59:59.999-06:00'))).toBe(true);
    // Already 1 January in UTC, still 31 December in Mexico City.
    expect(isOfertaVigente(new Date('2026-01-01T05:59:00Z'))).toBe(true);
  });

  it('is over from midnight of 1 January 2026 in Mexico City', () => {
    expect(isOfertaVigente(new Date('2026-01-01T00:00:00-06:00'))).toBe(false);
    expect(isOfertaVigente(new Date('2026-01-01T06:00:00Z'))).toBe(false);
  });

  it('was on earlier in 2025 and is over now (November 2026)', () => {
    expect(isOfertaVigente(new Date('2025-08-22T12:00:00-06:00'))).toBe(true);
    expect(isOfertaVigente(new Date('2026-11-22T12:00:00-06:00'))).toBe(false);
  });
});
