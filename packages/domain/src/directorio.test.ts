import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  diasEspecialesDeFechas,
  fechasDeDirectorio,
  fechasEspeciales,
  horariosDeSemana,
  semanaCompacta,
} from './directorio.js';
import { DIAS, lineaDeHorario, type DiaEspecial, type HorarioDia } from './horario.js';

describe('the directory’s compact hours', () => {
  it('writes the week Monday to Sunday: windows as HH:MM (seconds only when not zero), "" for a day it doesn’t open', () => {
    const semana = semanaCompacta([
      { dia: 'Martes', apertura: '22:00:00', cierre: '02:00:00', cerrado: false },
      { dia: 'LUNES', apertura: '09:00:00', cierre: '18:30:30', cerrado: false },
      { dia: 'DOMINGO', apertura: '08:00:00', cierre: '08:00:00', cerrado: true },
      { dia: 'JUEVES', apertura: 'tarde', cierre: '20:00:00', cerrado: false },
    ]);
    expect(semana).toEqual(['09:00-18:30:30', '22:00-02:00', '', '', '', '', '']);
    expect(horariosDeSemana(semana)).toEqual([
      { dia: 'LUNES', apertura: '09:00', cierre: '18:30:30', cerrado: false },
      { dia: 'MARTES', apertura: '22:00', cierre: '02:00', cerrado: false },
      ...['MIERCOLES', 'JUEVES', 'VIERNES', 'SABADO', 'DOMINGO'].map((dia) => ({
        dia,
        apertura: '',
        cierre: '',
        cerrado: true,
      })),
    ]);
    // No hours at all (always open) stays no hours at all.
    expect(semanaCompacta([])).toEqual([]);
    expect(horariosDeSemana([])).toEqual([]);
  });

  it('carries the special days from the day before the answer’s date to 8 days after', () => {
    expect(fechasDeDirectorio('2026-12-31')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
    ]);
    const dias = [
      { fecha: '2027-01-02', recurrenteCadaAnio: false },
      { fecha: '1999-01-06', recurrenteCadaAnio: true },
      { fecha: '2027-01-20', recurrenteCadaAnio: false },
    ];
    expect(fechasEspeciales(fechasDeDirectorio('2026-12-31'), dias)).toEqual([
      '2027-01-02',
      '2027-01-06',
    ]);
    expect(diasEspecialesDeFechas(['2027-01-02'])).toEqual([
      { fecha: '2027-01-02', recurrenteCadaAnio: false },
    ]);
  });

  // The claim the directory rests on: during the answer's UTC date, in any zone, the hours line
  // made from the compact form is the one made from the shop's own hours and special days.
  it('gives the same hours line as the shop’s own hours, at any instant of the answer’s date, in any zone', () => {
    const base = Date.parse('2026-03-01T00:00:00Z');
    const DIA = 86_400_000;
    const two = (n: number) => String(n).padStart(2, '0');
    const hora = fc
      .record({
        h: fc.integer({ min: 0, max: 23 }),
        m: fc.constantFrom(0, 15, 30, 59),
        s: fc.constantFrom(0, 0, 0, 30),
      })
      .map(({ h, m, s }) => `${two(h)}:${two(m)}:${two(s)}`);
    const horario: fc.Arbitrary<HorarioDia> = fc.record({
      dia: fc.constantFrom(...DIAS, 'Miércoles', 'sabado'),
      apertura: fc.oneof(hora, hora, fc.constant('??')),
      cierre: hora,
      cerrado: fc.boolean(),
    });
    const fecha = fc
      .integer({ min: -15, max: 400 })
      .map((d) => new Date(base + d * DIA).toISOString().slice(0, 10));
    const diaEspecial: fc.Arbitrary<DiaEspecial> = fc.record({
      fecha,
      recurrenteCadaAnio: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(horario, { maxLength: 9 }),
        fc.array(diaEspecial, { maxLength: 4 }),
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 0, max: DIA - 1 }),
        fc.constantFrom(
          'America/Mexico_City',
          'America/Tijuana',
          'America/Santiago',
          'Pacific/Kiritimati',
          'Etc/GMT+12',
          'Asia/Kathmandu',
        ),
        (horarios, diasEspeciales, dias, ms, zona) => {
          const dia = new Date(base + dias * DIA).toISOString().slice(0, 10);
          const instant = new Date(Date.parse(`${dia}T00:00:00Z`) + ms);
          const compacta = lineaDeHorario(
            horariosDeSemana(semanaCompacta(horarios)),
            diasEspecialesDeFechas(fechasEspeciales(fechasDeDirectorio(dia), diasEspeciales)),
            instant,
            zona,
          );
          expect(compacta).toEqual(lineaDeHorario(horarios, diasEspeciales, instant, zona));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
