import { describe, expect, it } from 'vitest';
import type { DiaEspecial, HorarioDia } from './horario.js';
import {
  avisoDeProgramacion,
  compareProgramados,
  demoraVigente,
  etiquetaDeFranja,
  franjasBase,
  franjasConCupo,
  instanteLocal,
  paraLas,
  programacionMessages,
  checkProgramadoPara,
  type Programacion,
  type TiendaProgramable,
} from './programacion.js';
import {
  pausaAutomaticaSchema,
  programacionSchema,
  programadoParaSchema,
} from './programacion.schema.js';

const SEMANA = ['LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES', 'SABADO', 'DOMINGO'];

function semana(apertura: string, cierre: string): HorarioDia[] {
  return SEMANA.map((dia) => ({ dia, apertura, cierre, cerrado: false }));
}

function tienda(over: {
  programacion?: Partial<Programacion>;
  horarios?: HorarioDia[];
  diasEspeciales?: DiaEspecial[];
  timeZone?: string;
}): TiendaProgramable {
  return {
    programacion: {
      activa: true,
      diasAdelante: 0,
      intervaloMin: 30,
      pedidosPorIntervalo: null,
      preparacionMin: 20,
      ...over.programacion,
    },
    horarios: over.horarios ?? semana('08:00:00', '22:00:00'),
    diasEspeciales: over.diasEspeciales ?? [],
    timeZone: over.timeZone ?? 'America/Mexico_City',
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const inicios = (t: TiendaProgramable, now: string) =>
  franjasBase(t, new Date(now)).map((f) => iso(f.inicio));

// Monday 30 November 2026, 09:00 in Mexico City (UTC−6 all year).
const LUNES_9 = '2026-11-30T15:00:00.000Z';

describe('franjasBase', () => {
  it('tiles the opening hours from the first start at least the preparation time away', () => {
    const franjas = franjasBase(tienda({}), new Date(LUNES_9));
    // 09:00 + 20 min → the first slot starting at or after 09:20 is 09:30; the last is 21:30–22:00.
    expect(iso(franjas[0]!.inicio)).toBe('2026-11-30T15:30:00.000Z');
    expect(iso(franjas[0]!.fin)).toBe('2026-11-30T16:00:00.000Z');
    expect(iso(franjas.at(-1)!.inicio)).toBe('2026-12-01T03:30:00.000Z');
    expect(iso(franjas.at(-1)!.fin)).toBe('2026-12-01T04:00:00.000Z');
    expect(franjas).toHaveLength(25);
  });

  it('never offers a slot that would run past the closing time', () => {
    const t = tienda({ horarios: semana('08:00', '21:45') });
    expect(inicios(t, LUNES_9).at(-1)).toBe('2026-12-01T03:00:00.000Z'); // 21:00–21:30
  });

  it('starts on the clock from the opening time and follows the slot length', () => {
    for (const intervaloMin of [15, 30, 60]) {
      const t = tienda({ programacion: { intervaloMin }, horarios: semana('08:00', '10:00') });
      const now = '2026-11-30T13:00:00.000Z'; // 07:00: the whole morning is ahead
      expect(inicios(t, now)).toHaveLength(120 / intervaloMin);
      expect(inicios(t, now)[1]).toBe(
        iso(Date.parse('2026-11-30T14:00:00.000Z') + intervaloMin * 60_000),
      );
    }
  });

  it('is empty when scheduling is off', () => {
    expect(franjasBase(tienda({ programacion: { activa: false } }), new Date(LUNES_9))).toEqual([]);
  });

  it('covers today through today + diasAdelante, skipping closed and special days', () => {
    const horarios = semana('08:00', '10:00').map((h) =>
      h.dia === 'MIERCOLES' ? { ...h, cerrado: true } : h,
    );
    const t = tienda({
      programacion: { diasAdelante: 6, intervaloMin: 60 },
      horarios,
      // Thursday 3 December is a special day; Christmas recurs every year.
      diasEspeciales: [
        { fecha: '2026-12-03', recurrenteCadaAnio: false },
        { fecha: '2020-12-25', recurrenteCadaAnio: true },
      ],
    });
    const dias = inicios(t, '2026-11-30T13:00:00.000Z').map((i) => i.slice(0, 10));
    // Mon 30, Tue 1, (Wed 2 closed), (Thu 3 special), Fri 4, Sat 5, Sun 6: two slots each.
    expect(dias).toEqual([
      '2026-11-30',
      '2026-11-30',
      '2026-12-01',
      '2026-12-01',
      '2026-12-04',
      '2026-12-04',
      '2026-12-05',
      '2026-12-05',
      '2026-12-06',
      '2026-12-06',
    ]);
    const navidad = tienda({
      programacion: { diasAdelante: 0 },
      diasEspeciales: [...t.diasEspeciales],
    });
    expect(inicios(navidad, '2027-12-25T15:00:00.000Z')).toEqual([]);
  });

  it('splits a window across midnight as the shop status reads it (today’s entry only)', () => {
    const t = tienda({ programacion: { intervaloMin: 60 }, horarios: semana('20:00', '02:00') });
    // Monday 12:00: 00:00–02:00 has passed; 20:00–24:00 gives four slots.
    expect(inicios(t, '2026-11-30T18:00:00.000Z')).toEqual([
      '2026-12-01T02:00:00.000Z',
      '2026-12-01T03:00:00.000Z',
      '2026-12-01T04:00:00.000Z',
      '2026-12-01T05:00:00.000Z',
    ]);
  });

  it('opens round the clock without any hours', () => {
    const t = tienda({ horarios: [] });
    // 22:00 + 20 min → 22:30, 23:00, 23:30.
    expect(inicios(t, '2026-12-01T04:00:00.000Z')).toEqual([
      '2026-12-01T04:30:00.000Z',
      '2026-12-01T05:00:00.000Z',
      '2026-12-01T05:30:00.000Z',
    ]);
  });

  it('reads the hours in the shop’s zone, half-hour offsets included', () => {
    const t = tienda({ timeZone: 'Asia/Kolkata', horarios: semana('09:00', '10:00') });
    // 05:30 in Kolkata (UTC+05:30): 09:00 and 09:30 local.
    expect(inicios(t, '2026-11-30T00:00:00.000Z')).toEqual([
      '2026-11-30T03:30:00.000Z',
      '2026-11-30T04:00:00.000Z',
    ]);
  });

  it('skips the wall time the clock jumps over when summer time starts', () => {
    // Tijuana, Sunday 14 March 2027: 02:00 PST becomes 03:00 PDT.
    const t = tienda({
      timeZone: 'America/Tijuana',
      horarios: [],
      programacion: { intervaloMin: 60, preparacionMin: 5 },
    });
    const dia = inicios(t, '2027-03-14T08:00:00.000Z'); // 00:00 PST
    expect(dia.slice(0, 3)).toEqual([
      '2027-03-14T09:00:00.000Z', // 01:00 PST
      '2027-03-14T10:00:00.000Z', // 03:00 PDT
      '2027-03-14T11:00:00.000Z', // 04:00 PDT
    ]);
    expect(dia.at(-1)).toBe('2027-03-15T06:00:00.000Z'); // 23:00 PDT
    expect(dia).toHaveLength(22);
  });

  it('keeps the wall clock when summer time ends (the repeated hour is offered once)', () => {
    // Tijuana, Sunday 1 November 2026: 02:00 PDT becomes 01:00 PST.
    const t = tienda({
      timeZone: 'America/Tijuana',
      horarios: semana('00:00', '04:00'),
      programacion: { intervaloMin: 60, preparacionMin: 5, diasAdelante: 1 },
    });
    // 23:50 PDT on Saturday: Saturday's window is over; Sunday's is tiled on its wall clock.
    expect(inicios(t, '2026-11-01T06:50:00.000Z')).toEqual([
      '2026-11-01T07:00:00.000Z', // 00:00 PDT
      '2026-11-01T08:00:00.000Z', // 01:00 PDT
      '2026-11-01T10:00:00.000Z', // 02:00 PST
      '2026-11-01T11:00:00.000Z', // 03:00 PST
    ]);
  });

  it('uses the shop’s calendar for "today", not UTC’s', () => {
    // 23:00 on Monday in Mexico City is already Tuesday in UTC; Monday's last slots count.
    const t = tienda({
      horarios: semana('08:00', '23:59'),
      programacion: { preparacionMin: 5, intervaloMin: 15 },
    });
    expect(inicios(t, '2026-12-01T05:00:00.000Z')).toEqual([
      '2026-12-01T05:15:00.000Z',
      '2026-12-01T05:30:00.000Z',
    ]);
  });
});

describe('instanteLocal', () => {
  it('answers the instant of a wall time, the first of a repeated one, nothing for a skipped one', () => {
    expect(instanteLocal('2026-11-30', 9 * 60, 'America/Mexico_City')?.toISOString()).toBe(
      '2026-11-30T15:00:00.000Z',
    );
    expect(instanteLocal('2027-03-14', 2 * 60 + 30, 'America/Tijuana')).toBeUndefined();
    expect(instanteLocal('2026-11-01', 60 + 30, 'America/Tijuana')?.toISOString()).toBe(
      '2026-11-01T08:30:00.000Z',
    );
    expect(instanteLocal('2026-11-30', 24 * 60, 'America/Mexico_City')?.toISOString()).toBe(
      '2026-12-01T06:00:00.000Z',
    );
  });
});

describe('franjasConCupo', () => {
  it('counts places left and marks full slots', () => {
    const base = franjasBase(
      tienda({ horarios: semana('08:00', '09:00') }),
      new Date('2026-11-30T13:00:00Z'),
    );
    const ocupados = new Map([[base[0]!.inicio, 2]]);
    const franjas = franjasConCupo(base, 2, (inicio) => ocupados.get(inicio) ?? 0);
    expect(franjas.map((f) => [f.restantes, f.disponible])).toEqual([
      [0, false],
      [2, true],
    ]);
    expect(
      franjasConCupo(base, null, () => 99).every((f) => f.disponible && f.restantes === null),
    ).toBe(true);
  });
});

describe('checkProgramadoPara', () => {
  const t = tienda({ programacion: { diasAdelante: 1 } });
  const now = new Date(LUNES_9);
  const mensaje = (tiendaX: TiendaProgramable, cuando: string) => {
    const r = checkProgramadoPara(tiendaX, cuando, now);
    return r.ok ? 'ok' : r.mensaje;
  };

  it('accepts an offered slot, written with any offset', () => {
    expect(mensaje(t, '2026-11-30T15:30:00.000Z')).toBe('ok');
    expect(mensaje(t, '2026-11-30T09:30:00-06:00')).toBe('ok');
    expect(mensaje(t, '2026-12-01T14:00:00Z')).toBe('ok'); // tomorrow 08:00
  });

  it('says why anything else is refused', () => {
    expect(mensaje(tienda({ programacion: { activa: false } }), '2026-11-30T15:30:00Z')).toBe(
      programacionMessages.desactivada,
    );
    expect(mensaje(t, '2026-11-30T14:30:00Z')).toBe(programacionMessages.pasado);
    // 09:00 + 20 min of preparation: the 09:00 slot is gone; 09:30 is the first.
    expect(mensaje(t, '2026-11-30T15:00:00Z')).toBe(programacionMessages.pasado);
    expect(mensaje(t, '2026-11-30T15:15:00Z')).toBe(programacionMessages.noEsFranja);
    expect(mensaje(t, '2026-12-02T14:00:00Z')).toBe(programacionMessages.noEsFranja); // after diasAdelante
    expect(mensaje(t, '2026-12-01T13:30:00Z')).toBe(programacionMessages.noEsFranja); // before opening
  });

  it('tells a start that is now too close to prepare for from one that never was a slot', () => {
    const ahora = new Date('2026-11-30T15:15:00.000Z'); // 09:15: 09:30 is only 15 min away
    const r = checkProgramadoPara(t, '2026-11-30T15:30:00.000Z', ahora);
    expect(r).toEqual({ ok: false, mensaje: programacionMessages.muyPronto('10:00') });
  });
});

describe('settings', () => {
  it('fills defaults and names the field out of range', () => {
    expect(programacionSchema.parse({})).toEqual({
      activa: false,
      diasAdelante: 0,
      intervaloMin: 30,
      pedidosPorIntervalo: null,
      preparacionMin: 20,
    });
    const error = (value: unknown) => {
      const r = programacionSchema.safeParse(value);
      return r.success ? undefined : r.error.issues[0]?.message;
    };
    expect(error({ diasAdelante: 7 })).toBe(programacionMessages.diasAdelante);
    expect(error({ intervaloMin: 20 })).toBe(programacionMessages.intervaloMin);
    expect(error({ pedidosPorIntervalo: 0 })).toBe(programacionMessages.pedidosPorIntervalo);
    expect(error({ pedidosPorIntervalo: 101 })).toBe(programacionMessages.pedidosPorIntervalo);
    expect(error({ preparacionMin: 4 })).toBe(programacionMessages.preparacionMin);
    expect(error({ preparacionMin: 181 })).toBe(programacionMessages.preparacionMin);
    expect(error({ activa: 'si' })).toBe(programacionMessages.activa);
    expect(pausaAutomaticaSchema.safeParse({ pedidosSinAceptar: 21 }).success).toBe(false);
    expect(pausaAutomaticaSchema.parse({ activa: true })).toEqual({
      activa: true,
      pedidosSinAceptar: 3,
    });
  });

  it('takes only ISO instants as a scheduled time', () => {
    expect(programadoParaSchema.safeParse('2026-11-30T15:30:00.000Z').success).toBe(true);
    expect(programadoParaSchema.safeParse('2026-11-30T09:30:00-06:00').success).toBe(true);
    for (const bad of ['mañana', '2026-11-30', '2026-11-30 15:30', '2026-13-30T15:30:00Z', 5]) {
      expect(programadoParaSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('keeps a delay until its end only', () => {
    const hasta = '2026-12-01T06:00:00.000Z';
    expect(demoraVigente({ minutos: 20, hasta }, new Date('2026-12-01T05:59:59Z'))).toBe(20);
    expect(demoraVigente({ minutos: 20, hasta }, new Date(hasta))).toBe(0);
    expect(demoraVigente({ minutos: 20, hasta: null }, new Date(0))).toBe(0);
  });
});

describe('texts', () => {
  const now = new Date(LUNES_9);
  const zona = 'America/Mexico_City';

  it('writes a scheduled time with the day when it is not today', () => {
    expect(paraLas('2026-11-30T20:00:00.000Z', now, zona)).toBe('Para las 14:00');
    expect(paraLas('2026-12-01T14:00:00.000Z', now, zona)).toBe('Para mañana a las 08:00');
    expect(paraLas('2026-12-05T20:00:00.000Z', now, zona)).toBe('Para el sábado 5 a las 14:00');
  });

  it('says when a closed shop can take an order for later', () => {
    const franjas = [
      { inicio: '2026-12-01T14:00:00.000Z', disponible: false },
      { inicio: '2026-12-01T14:30:00.000Z', disponible: true },
    ];
    expect(avisoDeProgramacion(franjas, now, zona)).toBe(
      'Cerrado ahora · puedes programar tu pedido para mañana a partir de las 8:30',
    );
    expect(avisoDeProgramacion([], now, zona)).toBeNull();
  });

  it('labels a slot by its hours and sorts the board by the scheduled time', () => {
    expect(
      etiquetaDeFranja(
        { inicio: '2026-11-30T20:00:00.000Z', fin: '2026-11-30T20:30:00.000Z' },
        zona,
      ),
    ).toBe('14:00 – 14:30');
    const pedidos = [
      { id: 1, programadoPara: '2026-12-01T14:00:00.000Z', fecha: '2026-11-30T10:00:00.000Z' },
      { id: 2, programadoPara: '2026-11-30T20:00:00.000Z', fecha: '2026-11-30T11:00:00.000Z' },
    ];
    expect([...pedidos].sort(compareProgramados).map((p) => p.id)).toEqual([2, 1]);
  });
});
