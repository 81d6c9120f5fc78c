import { describe, expect, it } from 'vitest';
import { ultimoAccesoTexto } from './ultimo-acceso';

const now = new Date('2026-12-10T18:00:00Z');
const tz = 'America/Mexico_City';

describe('ultimoAccesoTexto', () => {
  it.each([
    [null, 'Aún no ha entrado'],
    ['2026-12-10T17:59:30Z', 'Último acceso: hace un momento'],
    // A phone a little behind the server.
    ['2026-12-10T18:00:20Z', 'Último acceso: hace un momento'],
    ['2026-12-10T17:48:00Z', 'Último acceso: hace 12 min'],
    ['2026-12-10T15:00:00Z', 'Último acceso: hace 3 h'],
  ])('%s → %s', (iso, texto) => {
    expect(ultimoAccesoTexto(iso, now, tz)).toBe(texto);
  });

  it('gives the day and the time on the clock past a day', () => {
    const texto = ultimoAccesoTexto('2026-12-03T20:05:00Z', now, tz);
    expect(texto).toMatch(/^Último acceso: 3 dic/);
    expect(texto).toContain('14:05');
    expect(texto).not.toContain('2026');
  });

  it('adds the year when it was another year', () => {
    expect(ultimoAccesoTexto('2025-11-30T20:05:00Z', now, tz)).toContain('2025');
  });
});
