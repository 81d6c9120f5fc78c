import { describe, expect, it } from 'vitest';
import {
  estadoMessages,
  getEstadoPedidos,
  getLocalDateTime,
  horaLocal,
  isAgotado,
  isPausada,
} from './horario.js';
import { finDelDia } from './tienda-estado.js';

const MX = 'America/Mexico_City';
const NY = 'America/New_York';

describe('finDelDia', () => {
  // Instants in UTC, to the minute (…T06:00Z is 06:00:00.000 UTC).
  it.each<[string, string, string, string]>([
    // Mexico City has kept UTC-6 all year since 2022.
    ['midday', MX, '2026-06-15T18:00Z', '2026-06-16T06:00Z'],
    ['one minute after midnight', MX, '2026-06-15T06:01Z', '2026-06-16T06:00Z'],
    ['exactly at midnight: the next one', MX, '2026-06-15T06:00Z', '2026-06-16T06:00Z'],
    ['one ms before midnight', MX, '2026-06-16T05:59:59.999Z', '2026-06-16T06:00Z'],
    ['late at night, the next UTC day already', MX, '2026-06-16T04:30Z', '2026-06-16T06:00Z'],
    // New York springs forward on 2026-03-08 at 02:00 (a 23-hour day).
    ['before the spring change', NY, '2026-03-08T06:30Z', '2026-03-09T04:00Z'],
    ['after the spring change', NY, '2026-03-08T15:00Z', '2026-03-09T04:00Z'],
    ['the day before the spring change', NY, '2026-03-07T22:00Z', '2026-03-08T05:00Z'],
    // ...and falls back on 2026-11-01 at 02:00 (a 25-hour day).
    ['before the fall change', NY, '2026-11-01T04:30Z', '2026-11-02T05:00Z'],
    ['in the repeated hour', NY, '2026-11-01T06:30Z', '2026-11-02T05:00Z'],
    ['after the fall change', NY, '2026-11-01T20:00Z', '2026-11-02T05:00Z'],
    ['the day before the fall change', NY, '2026-10-31T20:00Z', '2026-11-01T04:00Z'],
  ])('%s (%s)', (_label, zone, now, expected) => {
    const fin = finDelDia(new Date(now), zone);
    expect(fin.toISOString()).toBe(new Date(expected).toISOString());
    // The first instant of the next local day: 00:00 on the wall clock, one day later.
    const antes = getLocalDateTime(new Date(now), zone).fecha;
    const local = getLocalDateTime(fin, zone);
    expect(local.hora).toBe('00:00:00');
    expect(local.fecha > antes).toBe(true);
    expect(getLocalDateTime(new Date(fin.getTime() - 1), zone).fecha).toBe(antes);
  });

  it('a day that starts with a DST gap (America/Santiago) begins where the clock lands', () => {
    // On 2026-09-06 Santiago's clocks jump from 00:00 to 01:00: that day has no midnight.
    const fin = finDelDia(new Date('2026-09-05T20:00:00.000Z'), 'America/Santiago');
    expect(fin.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(getLocalDateTime(fin, 'America/Santiago')).toMatchObject({
      fecha: '2026-09-06',
      hora: '01:00:00',
    });
    const antes = new Date(fin.getTime() - 1);
    expect(getLocalDateTime(antes, 'America/Santiago').fecha).toBe('2026-09-05');
    // ...and the 25-hour day when it falls back at midnight (2026-04-05) ends after both hours.
    const otoño = finDelDia(new Date('2026-04-04T20:00:00.000Z'), 'America/Santiago');
    expect(otoño.toISOString()).toBe('2026-04-05T04:00:00.000Z');
  });

  it('a sold-out mark made now holds until then, not after', () => {
    const now = new Date('2026-06-15T18:00:00.000Z');
    const hasta = finDelDia(now, MX).toISOString();
    expect(isAgotado(hasta, now)).toBe(true);
    expect(isAgotado(hasta, new Date('2026-06-16T05:59:59.999Z'))).toBe(true);
    expect(isAgotado(hasta, new Date('2026-06-16T06:00:00.000Z'))).toBe(false);
    expect(isAgotado(null, now)).toBe(false);
    expect(isAgotado(undefined, now)).toBe(false);
  });
});

describe('isPausada and getEstadoPedidos', () => {
  const tienda = { nombre: 'Tacos Lupe', timeZone: MX, pausadoHasta: null };
  const abierto = [
    { dia: 'LUNES', apertura: '08:00', cierre: '22:00', cerrado: false },
    { dia: 'MARTES', apertura: '08:00', cierre: '22:00', cerrado: false },
  ];
  // Monday 2026-06-15, 12:00 in Mexico City.
  const lunesMediodia = new Date('2026-06-15T18:00:00.000Z');

  it('a pause holds until its instant', () => {
    expect(isPausada('2026-06-15T18:30:00.000Z', lunesMediodia)).toBe(true);
    expect(isPausada('2026-06-15T18:00:00.000Z', lunesMediodia)).toBe(false);
    expect(isPausada(null, lunesMediodia)).toBe(false);
  });

  it('open within its hours and without a pause', () => {
    expect(getEstadoPedidos(tienda, abierto, [], lunesMediodia)).toEqual({
      abierta: true,
      mensaje: null,
    });
  });

  it('paused: closed with the time it resumes on the shop’s clock', () => {
    const pausada = { ...tienda, pausadoHasta: '2026-06-15T18:45:00.000Z' };
    expect(horaLocal(new Date(pausada.pausadoHasta), MX)).toBe('12:45');
    expect(getEstadoPedidos(pausada, abierto, [], lunesMediodia)).toEqual({
      abierta: false,
      motivo: 'PAUSADA',
      mensaje: estadoMessages.pausada('12:45'),
    });
    // Once the pause is over it is open again, with nothing written.
    expect(getEstadoPedidos(pausada, abierto, [], new Date('2026-06-15T18:45:00.000Z'))).toEqual({
      abierta: true,
      mensaje: null,
    });
  });

  it('closed by its hours: the hours’ notice wins over a pause', () => {
    const pausada = { ...tienda, pausadoHasta: '2026-06-16T05:00:00.000Z' };
    const noche = new Date('2026-06-16T05:00:00.000Z'); // 23:00 on Monday
    const estado = getEstadoPedidos(pausada, abierto, [], noche);
    expect(estado.abierta).toBe(false);
    expect(estado).toMatchObject({ motivo: 'CERRADA' });
    // The closed notice as docs/api.md ("Hours and special days") writes it, footer included.
    expect(estado.mensaje).toBe(
      'Tacos Lupe está cerrada. Fuera del horario de atención (08:00 - 22:00). ' +
        'Próxima apertura: Mañana a las 08:00. Te esperamos pronto para atenderte mejor',
    );
  });

  it('a special day closes it', () => {
    const estado = getEstadoPedidos(
      tienda,
      abierto,
      [{ fecha: '2026-06-15', recurrenteCadaAnio: false }],
      lunesMediodia,
    );
    expect(estado).toMatchObject({ abierta: false, motivo: 'CERRADA' });
  });
});
