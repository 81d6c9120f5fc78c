import type { Franja } from '@tianguis/domain';
import { describe, expect, it } from 'vitest';
import { franjasPorDia } from './franjas-por-dia';

const MX = 'America/Mexico_City';
// Thursday 2026-12-03, 21:00 in Mexico City (UTC-6).
const NOW = new Date('2026-12-04T03:00:00.000Z');

function franja(inicio: string, disponible = true): Franja {
  const fin = new Date(Date.parse(inicio) + 30 * 60_000).toISOString();
  return { inicio, fin, disponible, restantes: disponible ? null : 0 };
}

describe('franjasPorDia', () => {
  it("groups the slots by the day they start on the shop's clock: Hoy, Mañana, then 'Sáb 5'", () => {
    const dias = franjasPorDia(
      [
        franja('2026-12-04T03:30:00.000Z'), // Thu 21:30
        franja('2026-12-04T05:30:00.000Z'), // Thu 23:30 (06:00 UTC is already Friday in UTC)
        franja('2026-12-04T14:00:00.000Z'), // Fri 08:00
        franja('2026-12-05T14:00:00.000Z', false), // Sat 08:00, full
        franja('2026-12-07T14:00:00.000Z'), // Mon 08:00
      ],
      NOW,
      MX,
    );
    expect(dias.map((d) => [d.fecha, d.etiqueta, d.franjas.length, d.conLugar])).toEqual([
      ['2026-12-03', 'Hoy', 2, true],
      ['2026-12-04', 'Mañana', 1, true],
      ['2026-12-05', 'Sáb 5', 1, false],
      ['2026-12-07', 'Lun 7', 1, true],
    ]);
  });

  it('reads the days in the shop’s zone, not UTC’s nor the browser’s', () => {
    const dias = franjasPorDia([franja('2026-12-04T05:30:00.000Z')], NOW, 'America/Cancun');
    // Cancún is UTC-5: 00:30 on Friday, tomorrow as seen from Thursday 22:00 there.
    expect(dias[0]?.etiqueta).toBe('Mañana');
    expect(franjasPorDia([franja('2026-12-04T05:30:00.000Z')], NOW, MX)[0]?.etiqueta).toBe('Hoy');
  });

  it('is empty without slots', () => {
    expect(franjasPorDia([], NOW, MX)).toEqual([]);
  });
});
