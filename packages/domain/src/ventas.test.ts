import { describe, expect, it } from 'vitest';
import { addDays } from './horario.js';
import {
  calendarioLocal,
  celdaCsv,
  CSV_BOM,
  diasDelRango,
  errorDeRango,
  fechaHoraLocal,
  filaCsv,
  inicioDelDia,
  parseCsv,
  opcionesTexto,
  pesosCsv,
  rangoUtc,
  ticketPromedioCentavos,
  ventasMessages,
} from './ventas.js';

const MX = 'America/Mexico_City';
const NY = 'America/New_York';

describe('range rules', () => {
  it('takes real dates, in order, up to 366 days both ends included', () => {
    expect(errorDeRango('2026-11-01', '2026-11-30')).toBeUndefined();
    expect(errorDeRango('2026-11-01', '2026-11-01')).toBeUndefined();
    // 2024 is a leap year: 2024-01-01..2024-12-31 is 366 days.
    expect(diasDelRango('2024-01-01', '2024-12-31')).toBe(366);
    expect(errorDeRango('2024-01-01', '2024-12-31')).toBeUndefined();
    expect(errorDeRango('2025-01-01', '2026-01-02')).toBe(ventasMessages.rangoLargo);
    expect(errorDeRango('2026-11-30', '2026-11-01')).toBe(ventasMessages.rangoInvertido);
  });

  it('refuses malformed and impossible dates with the field named', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-11-01', '2026/11/01', '', 'hoy']) {
      expect(errorDeRango(bad, '2026-11-30'), bad).toBe(ventasMessages.desdeInvalida);
      expect(errorDeRango('2026-11-01', bad), bad).toBe(ventasMessages.hastaInvalida);
    }
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});

describe('the shop day in UTC', () => {
  it('Mexico City (UTC-6 all year): a day runs 06:00Z to 06:00Z', () => {
    expect(rangoUtc('2026-11-01', '2026-11-01', MX)).toEqual({
      inicio: '2026-11-01T06:00:00.000Z',
      fin: '2026-11-02T06:00:00.000Z',
    });
  });

  it('a DST change makes 23- and 25-hour days (New York)', () => {
    // 2026-03-08: clocks jump 02:00 → 03:00; 2026-11-01: 02:00 → 01:00.
    const marzo = rangoUtc('2026-03-08', '2026-03-08', NY);
    expect(Date.parse(marzo.fin) - Date.parse(marzo.inicio)).toBe(23 * 3_600_000);
    const noviembre = rangoUtc('2026-11-01', '2026-11-01', NY);
    expect(Date.parse(noviembre.fin) - Date.parse(noviembre.inicio)).toBe(25 * 3_600_000);
    expect(noviembre.inicio).toBe('2026-11-01T04:00:00.000Z');
  });

  it('zones far from UTC and with half hours', () => {
    expect(inicioDelDia('2026-11-01', 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-10-31T10:00:00.000Z',
    );
    expect(inicioDelDia('2026-11-01', 'Asia/Kolkata').toISOString()).toBe(
      '2026-10-31T18:30:00.000Z',
    );
    expect(inicioDelDia('2026-11-01', 'Etc/GMT+12').toISOString()).toBe('2026-11-01T12:00:00.000Z');
  });
});

describe('calendarioLocal', () => {
  it('an order at 23:30 local on the 1st (05:30Z on the 2nd) is the 1st at 23h', () => {
    const cal = calendarioLocal('2026-11-01', '2026-11-02', MX);
    expect(cal.dias).toEqual(['2026-11-01', '2026-11-02']);
    expect(cal.alineadoAHoras).toBe(true);
    expect(cal.locate(Date.parse('2026-11-02T05:30:00Z'))).toEqual({ dia: 0, hora: 23 });
    expect(cal.locate(Date.parse('2026-11-02T06:00:00Z'))).toEqual({ dia: 1, hora: 0 });
    expect(cal.locate(Date.parse('2026-11-01T05:59:59Z'))).toBeUndefined();
    expect(cal.locate(Date.parse('2026-11-03T06:00:00Z'))).toBeUndefined();
  });

  it('agrees with the wall clock on every hour of a DST-change range', () => {
    const cal = calendarioLocal('2026-10-30', '2026-11-02', NY);
    const { inicio, fin } = rangoUtc('2026-10-30', '2026-11-02', NY);
    for (let t = Date.parse(inicio); t < Date.parse(fin); t += 15 * 60_000) {
      const local = fechaHoraLocal(new Date(t), NY);
      const placed = cal.locate(t)!;
      expect(`${cal.dias[placed.dia]} ${String(placed.hora).padStart(2, '0')}`).toBe(
        local.slice(0, 13),
      );
    }
  });

  it('half-hour zones are not aligned to UTC hours', () => {
    expect(calendarioLocal('2026-11-01', '2026-11-01', 'Asia/Kolkata').alineadoAHoras).toBe(false);
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(celdaCsv('Taco, "el bueno"')).toBe('"Taco, ""el bueno"""');
    expect(celdaCsv('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(celdaCsv('Sin nada')).toBe('Sin nada');
    expect(celdaCsv(12)).toBe('12');
    expect(celdaCsv(null)).toBe('');
  });

  it('defuses spreadsheet formulas with a leading apostrophe', () => {
    expect(celdaCsv('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(celdaCsv('+5215512345678')).toBe("'+5215512345678");
    expect(celdaCsv('-1')).toBe("'-1");
    expect(celdaCsv('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(celdaCsv('\tcmd')).toBe("'\tcmd");
    expect(celdaCsv('\rcmd')).toBe(`"'\rcmd"`);
  });

  it('parses its own output back', () => {
    const rows = [
      ['a', 'b,c', 'd "e"'],
      ['línea\r\ndos', '', 'ñ'],
    ];
    const text = CSV_BOM + rows.map(filaCsv).join('');
    expect(parseCsv(text)).toEqual(rows);
  });

  it('writes pesos from centavos without floats and options as ordered', () => {
    expect(pesosCsv(1250)).toBe('12.50');
    expect(pesosCsv(5)).toBe('0.05');
    expect(pesosCsv(0)).toBe('0.00');
    expect(
      opcionesTexto(
        JSON.stringify([
          { id: 1, grupo: 'Tortilla', nombre: 'Maíz', precioExtra: 0 },
          { id: 2, grupo: 'Extras', nombre: 'Queso', precioExtra: 500 },
        ]),
      ),
    ).toBe('Tortilla: Maíz; Extras: Queso');
    expect(opcionesTexto('no es json')).toBe('');
  });

  it('rounds the average ticket to the centavo', () => {
    expect(ticketPromedioCentavos(1000, 3)).toBe(333);
    expect(ticketPromedioCentavos(5, 2)).toBe(3);
    expect(ticketPromedioCentavos(0, 0)).toBe(0);
  });
});
