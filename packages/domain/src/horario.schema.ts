import { z } from 'zod';
import { DIAS, isValidFecha, normalizeDia, normalizeHora, type Dia } from './horario.js';
import { horarioMessages } from './horario-mensajes.js';
import { ID_MAX } from './reglas.js';

// Kept apart from horario.ts so that the public shop page, which needs only the open-or-closed
// rule, does not download zod.

// ---- Schemas (POST /api/horario/addrange, /api/horariosdias/add|update) ----

const hora = z
  .string({ error: horarioMessages.horaInvalida })
  .nullish()
  .transform((value, ctx) => {
    const normalized = normalizeHora(value);
    if (normalized === undefined) {
      ctx.addIssue({ code: 'custom', message: horarioMessages.horaInvalida });
      return z.NEVER;
    }
    return normalized;
  });

/** One day of the week as the owner saves it; times come out as HH:MM:SS. */
export const horarioEntrySchema = z.object(
  {
    // The payload repeats the shop id in each entry (docs/api.md); kept so the server can refuse an
    // entry naming another shop.
    tiendaId: z
      .number({ error: horarioMessages.tiendaIdInvalido })
      .int(horarioMessages.tiendaIdInvalido)
      .positive(horarioMessages.tiendaIdInvalido)
      .max(ID_MAX, horarioMessages.tiendaIdInvalido)
      .optional(),
    dia: z.string({ error: horarioMessages.diaInvalido }).transform((value, ctx) => {
      const dia = normalizeDia(value);
      if (dia === undefined) {
        ctx.addIssue({ code: 'custom', message: horarioMessages.diaInvalido });
        return z.NEVER;
      }
      return dia;
    }),
    apertura: hora,
    cierre: hora,
    cerrado: z.boolean({ error: horarioMessages.datosInvalidos }).default(false),
  },
  { error: horarioMessages.datosInvalidos },
);

/** The whole week (addrange replaces it): at most one entry per day. */
export const horarioSemanaSchema = z
  .array(horarioEntrySchema, { error: horarioMessages.datosInvalidos })
  // Only 7 days exist, so an eighth entry is necessarily a repeated one.
  .max(DIAS.length, horarioMessages.diasRepetidos)
  .superRefine((entries, ctx) => {
    const seen = new Set<Dia>();
    for (const [index, entry] of entries.entries()) {
      if (seen.has(entry.dia)) {
        ctx.addIssue({
          code: 'custom',
          message: horarioMessages.diasRepetidos,
          path: [index, 'dia'],
        });
        return;
      }
      seen.add(entry.dia);
    }
  });

export type HorarioEntryInput = z.input<typeof horarioEntrySchema>;
export type HorarioEntry = z.output<typeof horarioEntrySchema>;
export type HorarioSemanaInput = z.input<typeof horarioSemanaSchema>;
export type HorarioSemana = z.output<typeof horarioSemanaSchema>;

/** A special day: a calendar date, once or every year. */
export const diaEspecialSchema = z.object(
  {
    fecha: z
      .string({ error: horarioMessages.fechaRequerida })
      .trim()
      .nullish()
      .transform((value, ctx) => {
        if (value === undefined || value === null || value === '') {
          ctx.addIssue({ code: 'custom', message: horarioMessages.fechaRequerida });
          return z.NEVER;
        }
        if (!isValidFecha(value)) {
          ctx.addIssue({ code: 'custom', message: horarioMessages.fechaInvalida });
          return z.NEVER;
        }
        return value;
      }),
    recurrenteCadaAnio: z.boolean({ error: horarioMessages.datosInvalidos }).default(false),
  },
  { error: horarioMessages.datosInvalidos },
);

export type DiaEspecialInput = z.input<typeof diaEspecialSchema>;

// ---- Answers (the wire shape of the hours a shop keeps) ----

/** One day of a shop's week as every answer carries it; times as HH:MM:SS. */
export const horarioVistaSchema = z.object({
  id: z.number(),
  tiendaId: z.number(),
  dia: z.string(),
  apertura: z.string(),
  cierre: z.string(),
  cerrado: z.boolean(),
});
export type HorarioVista = z.output<typeof horarioVistaSchema>;

/** A special day as every answer carries it. */
export const diaEspecialVistaSchema = z.object({
  id: z.number(),
  tiendaId: z.number(),
  fecha: z.string(),
  recurrenteCadaAnio: z.boolean(),
});
export type DiaEspecialVista = z.output<typeof diaEspecialVistaSchema>;
