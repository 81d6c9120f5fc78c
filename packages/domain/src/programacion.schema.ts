import { z } from 'zod';
import {
  DEMORA_MAX_MIN,
  DIAS_ADELANTE_MAX,
  INTERVALOS_MIN,
  PAUSA_AUTOMATICA_POR_OMISION,
  PEDIDOS_POR_INTERVALO_MAX,
  PEDIDOS_SIN_ACEPTAR_MAX,
  PREPARACION_MIN_MAX,
  PREPARACION_MIN_MIN,
  PROGRAMACION_POR_OMISION,
  programacionMessages as m,
  type IntervaloMin,
} from './programacion.js';

// The wire shapes of orders for later (docs/api.md, "Orders for later"), kept apart from the
// rules and texts in programacion.ts: the shop page uses those without downloading zod.

function entero(min: number, max: number, message: string) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/**
 * `updatetienda`'s `programacion`: a field left out of the object takes its default value (the
 * owner's screen always sends all five).
 */
export const programacionSchema = z.object(
  {
    activa: z.boolean({ error: m.activa }).default(PROGRAMACION_POR_OMISION.activa),
    diasAdelante: entero(0, DIAS_ADELANTE_MAX, m.diasAdelante).default(
      PROGRAMACION_POR_OMISION.diasAdelante,
    ),
    intervaloMin: z
      .number({ error: m.intervaloMin })
      .refine((v): v is IntervaloMin => (INTERVALOS_MIN as readonly number[]).includes(v), {
        message: m.intervaloMin,
      })
      .default(PROGRAMACION_POR_OMISION.intervaloMin),
    pedidosPorIntervalo: entero(1, PEDIDOS_POR_INTERVALO_MAX, m.pedidosPorIntervalo)
      .nullable()
      .default(PROGRAMACION_POR_OMISION.pedidosPorIntervalo),
    preparacionMin: entero(PREPARACION_MIN_MIN, PREPARACION_MIN_MAX, m.preparacionMin).default(
      PROGRAMACION_POR_OMISION.preparacionMin,
    ),
  },
  { error: m.programacion },
);

export const programacionVistaSchema = z.object({
  activa: z.boolean(),
  diasAdelante: z.number(),
  intervaloMin: z.number(),
  pedidosPorIntervalo: z.number().nullable(),
  preparacionMin: z.number(),
});

export const pausaAutomaticaSchema = z.object(
  {
    activa: z.boolean({ error: m.pausaActiva }).default(PAUSA_AUTOMATICA_POR_OMISION.activa),
    pedidosSinAceptar: entero(1, PEDIDOS_SIN_ACEPTAR_MAX, m.pedidosSinAceptar).default(
      PAUSA_AUTOMATICA_POR_OMISION.pedidosSinAceptar,
    ),
  },
  { error: m.pausaAutomatica },
);

export const pausaAutomaticaVistaSchema = z.object({
  activa: z.boolean(),
  pedidosSinAceptar: z.number(),
});

/** `POST /api/tienda/demora`: minutes added to every estimate until the end of the shop's day. */
export const demoraSchema = z.object({ minutos: entero(0, DEMORA_MAX_MIN, m.demora) });

// ---- Scheduled time on the wire ----

const ISO_INSTANTE =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 instant with its offset ('2026-11-30T14:00:00.000Z', '…T08:00:00-06:00'). */
export const programadoParaSchema = z
  .string({ error: m.programadoPara })
  .refine((v) => ISO_INSTANTE.test(v) && !Number.isNaN(Date.parse(v)), {
    message: m.programadoPara,
  });

export const franjaSchema = z.object({
  inicio: z.string(),
  fin: z.string(),
  disponible: z.boolean(),
  restantes: z.number().nullable(),
});

/** `GET /api/tienda/franjas/{usuario}`. */
export const franjasSchema = z.object({
  ahoraMin: z.number().nullable(),
  franjas: z.array(franjaSchema),
});
export type Franjas = z.output<typeof franjasSchema>;
