import { describe, expect, it } from 'vitest';

import {
  DIAS,
  HORA_POR_DEFECTO,
  OPCIONES_DE_HORA,
  diaLabel,
  getLocalDateTime,
  reuseLocalDateTimePerSecond,
  getProximaApertura,
  getTiendaStatus,
  horaLabel,
  isTiendaOpenAt,
  isValidFecha,
  isValidTimeZone,
  lineaDeHorario,
  normalizeDia,
  normalizeHora,
  type DiaEspecial,
  type HorarioDia,
} from './horario.js';
import { horarioMessages } from './horario-mensajes.js';
import { diaEspecialSchema, horarioEntrySchema, horarioSemanaSchema } from './horario.schema.js';

// Texts written out literally (docs/api.md, "Hours and special days") so a typo in the
// constants fails.
const M = {
  titulo: 'está cerrada',
  footer: 'Te esperamos pronto para atenderte mejor',
  fallback: 'Horario de atención no disponible en este momento',
  diaEspecial: 'Cerrado por día especial/feriado',
  sinHorarioHoy: 'No hay horario configurado para el día de hoy',
  noDisponible: 'Próxima apertura: No disponible',
  sinHorarios: 'No hay horarios de apertura disponibles',
  fechaRequerida: 'Por favor selecciona una fecha',
} as const;

const MX = 'America/Mexico_City';

/** An instant given as wall-clock time in Mexico City (UTC-6 all year since 2022). */
function mx(local: string): Date {
  return new Date(`${local}-06:00`);
}

const h = (dia: string, apertura: string, cierre: string, cerrado = false): HorarioDia => ({
  dia,
  apertura,
  cierre,
  cerrado,
});

// 2026-11-23 is a Monday.
const SEMANA: HorarioDia[] = [
  h('LUNES', '08:00:00', '18:00:00'),
  h('MARTES', '08:00:00', '18:00:00'),
  h('MIERCOLES', '08:00:00', '18:00:00'),
  h('JUEVES', '08:00:00', '18:00:00'),
  h('VIERNES', '08:00:00', '18:00:00'),
  h('SABADO', '09:30:00', '14:00:00'),
  h('DOMINGO', '08:00:00', '18:00:00', true),
];

const especial = (fecha: string, recurrenteCadaAnio = false): DiaEspecial => ({
  fecha,
  recurrenteCadaAnio,
});

describe('horarioMessages', () => {
  it('holds the documented texts verbatim', () => {
    expect(horarioMessages).toMatchObject({
      titulo: M.titulo,
      footer: M.footer,
      fallback: M.fallback,
      diaEspecial: M.diaEspecial,
      sinHorarioHoy: M.sinHorarioHoy,
      proximaAperturaNoDisponible: M.noDisponible,
      sinHorarios: M.sinHorarios,
      fechaRequerida: M.fechaRequerida,
      sinHorariosConfigurados: 'No hay horarios configurados para esta tienda',
      horariosGuardados: 'Horarios guardados correctamente',
      tiendaNoEncontrada: 'Error: ID de tienda no encontrado',
      diaInvalido: 'Día inválido',
      horaInvalida: 'Hora inválida, usa HH:MM',
      diasRepetidos: 'Hay días repetidos',
    });
  });
});

describe('normalizeDia and diaLabel', () => {
  it.each<[string, string | undefined]>([
    ['LUNES', 'LUNES'],
    ['lunes', 'LUNES'],
    ['miércoles', 'MIERCOLES'],
    ['MIÉRCOLES', 'MIERCOLES'],
    ['Miercoles', 'MIERCOLES'],
    ['Sábado', 'SABADO'],
    ['sabado', 'SABADO'],
    ['Sa\u0301bado', 'SABADO'],
    [' Domingo ', 'DOMINGO'],
    ['Monday', undefined],
    ['', undefined],
    ['LUN', undefined],
  ])('%j → %s', (value, dia) => {
    expect(normalizeDia(value)).toBe(dia);
  });

  it('labels every day with its accents', () => {
    expect(DIAS.map(diaLabel)).toEqual([
      'Lunes',
      'Martes',
      'Miércoles',
      'Jueves',
      'Viernes',
      'Sábado',
      'Domingo',
    ]);
  });
});

describe('normalizeHora and horaLabel', () => {
  it.each<[string | undefined | null, string | undefined]>([
    ['8:00', '08:00:00'],
    ['08:30', '08:30:00'],
    ['23:59:59', '23:59:59'],
    ['00:00', '00:00:00'],
    ['9:05:07', '09:05:07'],
    [' 18:00 ', '18:00:00'],
    [undefined, HORA_POR_DEFECTO],
    [null, '08:00:00'],
    ['', '08:00:00'],
    ['24:00', undefined],
    ['12:60', undefined],
    ['12:00:60', undefined],
    ['8', undefined],
    ['8:0', undefined],
    ['123:00', undefined],
    ['08h00', undefined],
    ['-1:00', undefined],
    ['8:00 pm', undefined],
  ])('%j → %s', (value, hora) => {
    expect(normalizeHora(value)).toBe(hora);
  });

  it('shows HH:MM', () => {
    expect(horaLabel('08:30:00')).toBe('08:30');
    expect(horaLabel('9:00')).toBe('09:00');
    expect(horaLabel('nunca')).toBe('nunca');
  });

  it('offers the form every half hour from 00:00 to 23:30', () => {
    expect(OPCIONES_DE_HORA).toHaveLength(48);
    expect(OPCIONES_DE_HORA[0]).toBe('00:00:00');
    expect(OPCIONES_DE_HORA[17]).toBe('08:30:00');
    expect(OPCIONES_DE_HORA.at(-1)).toBe('23:30:00');
  });
});

describe('getLocalDateTime', () => {
  it('converts to the shop zone: 2026-11-22T05:30Z is Saturday 23:30 in Mexico City', () => {
    expect(getLocalDateTime(new Date('2026-11-22T05:30:00Z'), MX)).toEqual({
      fecha: '2026-11-21',
      dia: 'SABADO',
      hora: '23:30:00',
    });
  });

  it.each<[string, string, { fecha: string; dia: string; hora: string }]>([
    ['2026-11-22T06:00:00Z', MX, { fecha: '2026-11-22', dia: 'DOMINGO', hora: '00:00:00' }],
    ['2026-11-22T05:30:00Z', 'UTC', { fecha: '2026-11-22', dia: 'DOMINGO', hora: '05:30:00' }],
    ['2026-11-23T14:15:09Z', MX, { fecha: '2026-11-23', dia: 'LUNES', hora: '08:15:09' }],
    ['2026-11-25T12:00:00Z', MX, { fecha: '2026-11-25', dia: 'MIERCOLES', hora: '06:00:00' }],
    [
      '2024-02-29T23:00:00Z',
      'Asia/Tokyo',
      { fecha: '2024-03-01', dia: 'VIERNES', hora: '08:00:00' },
    ],
    // Tijuana keeps DST: UTC-7 in July.
    [
      '2026-07-01T06:30:00Z',
      'America/Tijuana',
      { fecha: '2026-06-30', dia: 'MARTES', hora: '23:30:00' },
    ],
  ])('%s in %s', (iso, zone, local) => {
    expect(getLocalDateTime(new Date(iso), zone)).toEqual(local);
  });

  it('refuses an unknown zone', () => {
    expect(() => getLocalDateTime(new Date('2026-11-22T05:30:00Z'), 'Mars/Olympus')).toThrow(
      RangeError,
    );
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone(MX)).toBe(true);
  });

  it('answers every instant of one second alike, the next second anew, per zone', () => {
    reuseLocalDateTimePerSecond();
    const first = getLocalDateTime(new Date('2026-11-22T05:59:59.001Z'), MX);
    // A caller changing its answer changes nothing for the next caller in that second.
    first.hora = 'cambiada';
    expect(getLocalDateTime(new Date('2026-11-22T05:59:59.999Z'), MX)).toEqual({
      fecha: '2026-11-21',
      dia: 'SABADO',
      hora: '23:59:59',
    });
    expect(getLocalDateTime(new Date('2026-11-22T06:00:00.000Z'), MX)).toEqual({
      fecha: '2026-11-22',
      dia: 'DOMINGO',
      hora: '00:00:00',
    });
    expect(getLocalDateTime(new Date('2026-11-22T06:00:00.500Z'), 'UTC').hora).toBe('06:00:00');
    expect(() => getLocalDateTime(new Date(Number.NaN), MX)).toThrow(RangeError);
  });
});

describe('getTiendaStatus', () => {
  type Case = [
    label: string,
    horarios: HorarioDia[],
    diasEspeciales: DiaEspecial[],
    local: string,
    expected: ReturnType<typeof getTiendaStatus>,
  ];

  const open = { abierta: true } as const;

  it.each<Case>([
    ['open inside the window', SEMANA, [], '2026-11-23T12:00:00', open],
    ['open exactly at opening', SEMANA, [], '2026-11-23T08:00:00', open],
    ['open exactly at closing', SEMANA, [], '2026-11-23T18:00:00', open],
    [
      'closed one second after closing',
      SEMANA,
      [],
      '2026-11-23T18:00:01',
      {
        abierta: false,
        motivo: 'FUERA_DE_HORARIO',
        mensaje: 'Fuera del horario de atención (08:00 - 18:00)',
        proximaApertura: 'Próxima apertura: Mañana a las 08:00',
      },
    ],
    [
      'closed before opening',
      SEMANA,
      [],
      '2026-11-23T07:59:59',
      {
        abierta: false,
        motivo: 'FUERA_DE_HORARIO',
        mensaje: 'Fuera del horario de atención (08:00 - 18:00)',
        proximaApertura: 'Próxima apertura: Hoy a las 08:00',
      },
    ],
    [
      'a special day on its exact date',
      SEMANA,
      [especial('2026-11-23')],
      '2026-11-23T12:00:00',
      {
        abierta: false,
        motivo: 'DIA_ESPECIAL',
        mensaje: 'Cerrado por día especial/feriado',
        proximaApertura: 'Próxima apertura: Mañana a las 08:00',
      },
    ],
    [
      'a recurring special day in a later year',
      SEMANA,
      [especial('2024-12-25', true)],
      '2026-12-25T12:00:00',
      {
        abierta: false,
        motivo: 'DIA_ESPECIAL',
        mensaje: 'Cerrado por día especial/feriado',
        proximaApertura: 'Próxima apertura: Mañana a las 09:30',
      },
    ],
    [
      'a non-recurring special day of another year',
      SEMANA,
      [especial('2024-12-25')],
      '2026-12-25T12:00:00',
      open,
    ],
    [
      'a special day of another date',
      SEMANA,
      [especial('2026-11-24')],
      '2026-11-23T12:00:00',
      open,
    ],
    [
      'a special day beats open hours',
      SEMANA,
      [especial('2026-11-23')],
      '2026-11-23T08:00:00',
      {
        abierta: false,
        motivo: 'DIA_ESPECIAL',
        mensaje: 'Cerrado por día especial/feriado',
        proximaApertura: 'Próxima apertura: Mañana a las 08:00',
      },
    ],
    [
      'a special day even without hours',
      [],
      [especial('2026-11-23')],
      '2026-11-23T12:00:00',
      {
        abierta: false,
        motivo: 'DIA_ESPECIAL',
        mensaje: 'Cerrado por día especial/feriado',
        proximaApertura: 'No hay horarios de apertura disponibles',
      },
    ],
    ['no hours at all is open', [], [], '2026-11-23T03:00:00', open],
    [
      'a weekday without an entry',
      [h('LUNES', '08:00', '18:00')],
      [],
      '2026-11-24T12:00:00',
      {
        abierta: false,
        motivo: 'SIN_HORARIO',
        mensaje: 'No hay horario configurado para el día de hoy',
        proximaApertura: 'Próxima apertura: Lunes a las 08:00',
      },
    ],
    [
      'an entry flagged cerrado',
      SEMANA,
      [],
      '2026-11-22T12:00:00',
      {
        abierta: false,
        motivo: 'CERRADO_HOY',
        mensaje: 'Cerrado el día de hoy (Domingo) por configuración especial',
        proximaApertura: 'Próxima apertura: Mañana a las 08:00',
      },
    ],
    [
      'an accented, lowercase day name still matches',
      [h('miércoles', '8:00', '18:00', true)],
      [],
      '2026-11-25T12:00:00',
      {
        abierta: false,
        motivo: 'CERRADO_HOY',
        mensaje: 'Cerrado el día de hoy (Miércoles) por configuración especial',
        proximaApertura: 'Próxima apertura: No disponible',
      },
    ],
    ['HH:MM times are read', [h('Lunes', '8:00', '18:00')], [], '2026-11-23T17:59:00', open],
    [
      'an unreadable stored time is no schedule',
      [h('LUNES', '25:00', '18:00')],
      [],
      '2026-11-23T12:00:00',
      {
        abierta: false,
        motivo: 'SIN_HORARIO',
        mensaje: 'Horario de atención no disponible en este momento',
        proximaApertura: 'Próxima apertura: No disponible',
      },
    ],
    [
      'equal opening and closing is open only at that minute',
      [h('LUNES', '10:00', '10:00')],
      [],
      '2026-11-23T10:00:01',
      {
        abierta: false,
        motivo: 'FUERA_DE_HORARIO',
        mensaje: 'Fuera del horario de atención (10:00 - 10:00)',
        proximaApertura: 'Próxima apertura: Lunes a las 10:00',
      },
    ],
  ])('%s', (_, horarios, diasEspeciales, local, expected) => {
    expect(getTiendaStatus(horarios, diasEspeciales, mx(local), MX)).toEqual(expected);
  });

  describe('a window spanning midnight (Lunes 20:00 - 02:00)', () => {
    const nocturno = [h('LUNES', '20:00', '02:00'), h('MARTES', '20:00', '02:00')];

    it.each([
      ['2026-11-23T23:30:00', true],
      ['2026-11-23T20:00:00', true],
      ['2026-11-23T01:00:00', true],
      ['2026-11-23T02:00:00', true],
      ['2026-11-23T03:00:00', false],
      ['2026-11-23T19:59:59', false],
    ])('%s open: %s', (local, abierta) => {
      expect(getTiendaStatus(nocturno, [], mx(local), MX).abierta).toBe(abierta);
    });

    it('names both times when outside it', () => {
      expect(getTiendaStatus(nocturno, [], mx('2026-11-23T03:00:00'), MX)).toEqual({
        abierta: false,
        motivo: 'FUERA_DE_HORARIO',
        mensaje: 'Fuera del horario de atención (20:00 - 02:00)',
        proximaApertura: 'Próxima apertura: Hoy a las 20:00',
      });
    });

    it("follows docs/api.md literally: Tuesday 01:00 is decided by Tuesday's entry alone", () => {
      const lunesNoche = [h('LUNES', '20:00', '02:00'), h('MARTES', '08:00', '18:00', true)];
      expect(getTiendaStatus(lunesNoche, [], mx('2026-11-24T01:00:00'), MX)).toMatchObject({
        abierta: false,
        motivo: 'CERRADO_HOY',
        mensaje: 'Cerrado el día de hoy (Martes) por configuración especial',
      });
    });
  });

  it('evaluates "today" in the shop zone, not in UTC', () => {
    // Saturday 23:30 in Mexico City is already Sunday in UTC.
    const sabadoNoche = [h('SABADO', '20:00', '23:59'), h('DOMINGO', '08:00', '18:00', true)];
    const instant = new Date('2026-11-22T05:30:00Z');
    expect(getTiendaStatus(sabadoNoche, [], instant, MX)).toEqual({ abierta: true });
    expect(getTiendaStatus(sabadoNoche, [], instant, 'UTC')).toMatchObject({
      abierta: false,
      motivo: 'CERRADO_HOY',
    });
    expect(getTiendaStatus(sabadoNoche, [], instant)).toEqual({ abierta: true });
  });

  it('matches a special day by the date in the shop zone', () => {
    // 2026-12-25 00:30 in Mexico City is 06:30Z; in UTC it would still be the 24th at 23:30 MX.
    const navidad = [especial('2020-12-25', true)];
    expect(getTiendaStatus([], navidad, new Date('2026-12-25T06:30:00Z'), MX).abierta).toBe(false);
    expect(getTiendaStatus([], navidad, new Date('2026-12-25T05:30:00Z'), MX).abierta).toBe(true);
  });

  it('answers the boolean too', () => {
    expect(isTiendaOpenAt(SEMANA, [], mx('2026-11-23T12:00:00'), MX)).toBe(true);
    expect(isTiendaOpenAt(SEMANA, [], mx('2026-11-22T12:00:00'), MX)).toBe(false);
  });
});

describe('getProximaApertura', () => {
  it.each<[string, HorarioDia[], DiaEspecial[], string, string]>([
    [
      'today, before opening',
      SEMANA,
      [],
      '2026-11-23T06:00:00',
      'Próxima apertura: Hoy a las 08:00',
    ],
    [
      'tomorrow, after closing',
      SEMANA,
      [],
      '2026-11-23T19:00:00',
      'Próxima apertura: Mañana a las 08:00',
    ],
    [
      'not today once opened: tomorrow even while open',
      SEMANA,
      [],
      '2026-11-23T12:00:00',
      'Próxima apertura: Mañana a las 08:00',
    ],
    [
      'friday night: Saturday is tomorrow',
      SEMANA,
      [],
      '2026-11-27T19:00:00',
      'Próxima apertura: Mañana a las 09:30',
    ],
    [
      'saturday afternoon skips the closed Sunday',
      SEMANA,
      [],
      '2026-11-28T15:00:00',
      'Próxima apertura: Lunes a las 08:00',
    ],
    [
      'skips a special day',
      SEMANA,
      [especial('2026-11-24')],
      '2026-11-23T19:00:00',
      'Próxima apertura: Miércoles a las 08:00',
    ],
    [
      'skips a recurring special day',
      SEMANA,
      [especial('1999-11-24', true)],
      '2026-11-23T19:00:00',
      'Próxima apertura: Miércoles a las 08:00',
    ],
    [
      'skips today when today is special',
      SEMANA,
      [especial('2026-11-23')],
      '2026-11-23T06:00:00',
      'Próxima apertura: Mañana a las 08:00',
    ],
    [
      'skips missing days',
      [h('JUEVES', '10:00', '14:00')],
      [],
      '2026-11-23T12:00:00',
      'Próxima apertura: Jueves a las 10:00',
    ],
    [
      'the same weekday next week is the 7th day searched',
      [h('LUNES', '10:00', '14:00')],
      [],
      '2026-11-23T15:00:00',
      'Próxima apertura: Lunes a las 10:00',
    ],
    [
      'nothing in the next 7 days',
      [h('LUNES', '10:00', '14:00')],
      [especial('2026-11-30')],
      '2026-11-23T15:00:00',
      'Próxima apertura: No disponible',
    ],
    [
      'only closed days',
      [h('LUNES', '10:00', '14:00', true), h('MARTES', '10:00', '14:00', true)],
      [],
      '2026-11-23T09:00:00',
      'Próxima apertura: No disponible',
    ],
    [
      'no hours configured',
      [],
      [],
      '2026-11-23T09:00:00',
      'No hay horarios de apertura disponibles',
    ],
    [
      'a midnight window still opens today',
      [h('LUNES', '20:00', '02:00')],
      [],
      '2026-11-23T03:00:00',
      'Próxima apertura: Hoy a las 20:00',
    ],
  ])('%s', (_, horarios, diasEspeciales, local, texto) => {
    expect(getProximaApertura(horarios, diasEspeciales, mx(local), MX)).toBe(texto);
  });

  it('steps calendar days across a DST change', () => {
    // New York springs forward on Sunday 2026-03-08: Saturday 23:30 EST + 24 h is Monday 00:30.
    const domingo = [h('DOMINGO', '10:00', '14:00')];
    const sabadoNoche = new Date('2026-03-07T23:30:00-05:00');
    expect(getProximaApertura(domingo, [], sabadoNoche, 'America/New_York')).toBe(
      'Próxima apertura: Mañana a las 10:00',
    );
    // It falls back on Sunday 2026-11-01: Sunday 00:30 EDT + 24 h is still Sunday.
    const lunes = [h('LUNES', '10:00', '14:00')];
    const domingoTemprano = new Date('2026-11-01T00:30:00-04:00');
    expect(getProximaApertura(lunes, [], domingoTemprano, 'America/New_York')).toBe(
      'Próxima apertura: Mañana a las 10:00',
    );
  });

  it('crosses month and year ends, and stops after 7 days', () => {
    const viernes = [h('VIERNES', '09:00', '13:00')];
    // Thursday 2026-12-31, 20:00: Friday is New Year's Day.
    expect(getProximaApertura(viernes, [], mx('2026-12-31T20:00:00'), MX)).toBe(
      'Próxima apertura: Mañana a las 09:00',
    );
    // With New Year's Day special, the next Friday (January 8) is the 8th day: out of the window.
    const anioNuevo = [especial('2000-01-01', true)];
    expect(getProximaApertura(viernes, anioNuevo, mx('2026-12-31T20:00:00'), MX)).toBe(
      'Próxima apertura: No disponible',
    );
    // From Friday January 1 (special), Friday January 8 is the 7th day: the last one searched.
    expect(getProximaApertura(viernes, anioNuevo, mx('2027-01-01T08:00:00'), MX)).toBe(
      'Próxima apertura: Viernes a las 09:00',
    );
  });
});

describe('lineaDeHorario (the one-line notice of the shop page)', () => {
  it.each<[string, HorarioDia[], DiaEspecial[], string, boolean, string]>([
    ['open: until when', SEMANA, [], '2026-11-23T12:00:00', true, 'Abierto · cierra a las 18:00'],
    ['before opening', SEMANA, [], '2026-11-23T06:00:00', false, 'Cerrado · abre hoy a las 8:00'],
    ['after closing', SEMANA, [], '2026-11-23T19:00:00', false, 'Cerrado · abre mañana a las 8:00'],
    ['friday night', SEMANA, [], '2026-11-27T19:00:00', false, 'Cerrado · abre mañana a las 9:30'],
    [
      'saturday afternoon skips the closed Sunday',
      SEMANA,
      [],
      '2026-11-28T15:00:00',
      false,
      'Cerrado · abre el lunes a las 8:00',
    ],
    [
      'a special day today',
      SEMANA,
      [especial('2026-11-24')],
      '2026-11-24T12:00:00',
      false,
      'Cerrado · abre mañana a las 8:00',
    ],
    ['no hours at all: always open', [], [], '2026-11-23T12:00:00', true, 'Abierto'],
    [
      'a window past midnight, after midnight',
      [h('LUNES', '20:00:00', '02:00:00')],
      [],
      '2026-11-23T01:00:00',
      true,
      'Abierto · cierra a las 2:00',
    ],
    [
      'every day closed',
      DIAS.map((dia) => h(dia, '08:00:00', '18:00:00', true)),
      [],
      '2026-11-23T12:00:00',
      false,
      'Cerrado',
    ],
  ])('%s', (_name, horarios, especiales, local, abierta, texto) => {
    expect(lineaDeHorario(horarios, especiales, mx(local), MX)).toEqual({ abierta, texto });
  });
});

describe('horarioEntrySchema and horarioSemanaSchema', () => {
  it('normalises days and times', () => {
    expect(
      horarioEntrySchema.parse({
        dia: 'miércoles',
        apertura: '8:00',
        cierre: '18:30',
        cerrado: false,
      }),
    ).toEqual({ dia: 'MIERCOLES', apertura: '08:00:00', cierre: '18:30:00', cerrado: false });
  });

  it('defaults missing times to 08:00:00 and cerrado to false', () => {
    expect(horarioEntrySchema.parse({ dia: 'Sábado', apertura: '', cierre: null })).toEqual({
      dia: 'SABADO',
      apertura: '08:00:00',
      cierre: '08:00:00',
      cerrado: false,
    });
  });

  it('keeps the tiendaId the payload repeats in each entry', () => {
    expect(
      horarioEntrySchema.parse({
        tiendaId: 4,
        dia: 'LUNES',
        apertura: '08:00',
        cierre: '18:00',
        cerrado: true,
      }),
    ).toMatchObject({ tiendaId: 4, cerrado: true });
  });

  it.each<[string, Record<string, unknown>, string, (string | number)[]]>([
    ['an unknown day', { dia: 'Lunch' }, 'Día inválido', ['dia']],
    ['a missing day', { dia: undefined }, 'Día inválido', ['dia']],
    ['a bad opening', { apertura: '25:00' }, 'Hora inválida, usa HH:MM', ['apertura']],
    ['a bad closing', { cierre: '6pm' }, 'Hora inválida, usa HH:MM', ['cierre']],
    ['a numeric time', { cierre: 18 }, 'Hora inválida, usa HH:MM', ['cierre']],
  ])('refuses %s', (_, change, message, path) => {
    const result = horarioEntrySchema.safeParse({
      dia: 'LUNES',
      apertura: '08:00',
      cierre: '18:00',
      cerrado: false,
      ...change,
    });
    expect(result.error?.issues[0]).toMatchObject({ message, path });
  });

  it('accepts a full week', () => {
    expect(horarioSemanaSchema.parse(SEMANA)).toHaveLength(7);
    expect(horarioSemanaSchema.parse([])).toEqual([]);
  });

  it('refuses a day given twice, however it is spelt', () => {
    const result = horarioSemanaSchema.safeParse([
      h('Miércoles', '08:00', '18:00'),
      h('LUNES', '08:00', '18:00'),
      h('MIERCOLES', '09:00', '18:00'),
    ]);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: 'Hay días repetidos', path: [2, 'dia'] }),
    ]);
  });

  it('refuses more than 7 entries', () => {
    const result = horarioSemanaSchema.safeParse([...SEMANA, h('LUNES', '08:00', '18:00')]);
    expect(result.error?.issues[0]?.message).toBe('Hay días repetidos');
  });
});

describe('diaEspecialSchema', () => {
  it('takes a calendar date and defaults to not recurring', () => {
    expect(diaEspecialSchema.parse({ fecha: '2026-12-25' })).toEqual({
      fecha: '2026-12-25',
      recurrenteCadaAnio: false,
    });
    expect(diaEspecialSchema.parse({ fecha: ' 2028-02-29 ', recurrenteCadaAnio: true })).toEqual({
      fecha: '2028-02-29',
      recurrenteCadaAnio: true,
    });
  });

  it.each<[string, unknown, string]>([
    ['a missing date', undefined, M.fechaRequerida],
    ['an empty date', '', M.fechaRequerida],
    ['a blank date', '  ', M.fechaRequerida],
    ['February 30', '2026-02-30', horarioMessages.fechaInvalida],
    ['February 29 of a common year', '2026-02-29', horarioMessages.fechaInvalida],
    ['month 13', '2026-13-01', horarioMessages.fechaInvalida],
    ['day 00', '2026-01-00', horarioMessages.fechaInvalida],
    ['a day-first date', '25-12-2026', horarioMessages.fechaInvalida],
    ['a timestamp', '2026-12-25T00:00:00Z', horarioMessages.fechaInvalida],
    ['year 0', '0000-01-01', horarioMessages.fechaInvalida],
  ])('refuses %s', (_, fecha, message) => {
    const result = diaEspecialSchema.safeParse({ fecha });
    expect(result.error?.issues).toEqual([expect.objectContaining({ message, path: ['fecha'] })]);
  });

  it('validates calendar dates', () => {
    expect(isValidFecha('2024-02-29')).toBe(true);
    expect(isValidFecha('2100-02-29')).toBe(false);
    expect(isValidFecha('2000-02-29')).toBe(true);
  });
});
