import {
  DIAS_ADELANTE_MAX,
  PAUSA_AUTOMATICA_POR_OMISION,
  pausaAutomaticaSchema,
  programacionMessages,
  programacionSchema,
  type PausaAutomatica,
  type Programacion,
} from '@tianguis/domain';
import { cuerpoDeTiendaCon, type MiTienda, type TiendaUpdateBody } from '../../mi-tienda';

// The "Pedidos programados" screen's state and checks (docs/api.md, "Orders for later"), apart
// from the screen so they can be read and tested on their own. Every rule and message is the
// domain's (programacionSchema, pausaAutomaticaSchema), the ones updatetienda runs on the body.

/** What the owner types or picks; numbers stay as typed so nothing is lost while wrong. */
export interface ProgramacionForm {
  activa: boolean;
  /** '0' (solo hoy) … '6'. */
  diasAdelante: string;
  /** '15', '30' or '60'. */
  intervaloMin: string;
  /** false: "Sin límite" (sent as null); the number typed is kept for when it is turned back on. */
  conLimite: boolean;
  pedidosPorIntervalo: string;
  preparacionMin: string;
  pausaActiva: boolean;
  pedidosSinAceptar: string;
}

export type CampoProgramacion =
  | 'activa'
  | 'diasAdelante'
  | 'intervaloMin'
  | 'pedidosPorIntervalo'
  | 'preparacionMin'
  | 'pausaActiva'
  | 'pedidosSinAceptar';

/** The fields in the order the screen shows them: the first one in error takes the focus. */
export const CAMPOS_EN_ORDEN: readonly CampoProgramacion[] = [
  'activa',
  'diasAdelante',
  'intervaloMin',
  'pedidosPorIntervalo',
  'preparacionMin',
  'pausaActiva',
  'pedidosSinAceptar',
];

export type ErroresProgramacion = Partial<Record<CampoProgramacion, string>>;

/** The choices of "Días por adelantado": 'Solo hoy', 'Hoy y mañana', 'Hoy y 2 días más'… */
export const OPCIONES_DIAS_ADELANTE: readonly { value: string; label: string }[] = Array.from(
  { length: DIAS_ADELANTE_MAX + 1 },
  (_, dias) => ({
    value: String(dias),
    label: dias === 0 ? 'Solo hoy' : dias === 1 ? 'Hoy y mañana' : `Hoy y ${dias} días más`,
  }),
);

/** The screen opens on what the shop has saved (the defaults until it saves once). */
export function programacionFormDesde(
  tienda: Pick<MiTienda, 'programacion' | 'pausaAutomatica'>,
): ProgramacionForm {
  const p = tienda.programacion;
  const pausa = tienda.pausaAutomatica ?? PAUSA_AUTOMATICA_POR_OMISION;
  return {
    activa: p.activa,
    diasAdelante: String(p.diasAdelante),
    intervaloMin: String(p.intervaloMin),
    conLimite: p.pedidosPorIntervalo !== null,
    pedidosPorIntervalo: p.pedidosPorIntervalo === null ? '' : String(p.pedidosPorIntervalo),
    preparacionMin: String(p.preparacionMin),
    pausaActiva: pausa.activa,
    pedidosSinAceptar: String(pausa.pedidosSinAceptar),
  };
}

/** A number as typed: blank is no number (never the schema's default), '1.5' stays 1.5. */
function numero(texto: string): number {
  return texto.trim() === '' ? Number.NaN : Number(texto);
}

const CAMPO_DE_PAUSA: Record<string, CampoProgramacion> = {
  activa: 'pausaActiva',
  pedidosSinAceptar: 'pedidosSinAceptar',
};

function campoDe(path: readonly PropertyKey[], pausa: boolean): CampoProgramacion {
  const key = String(path[0] ?? '');
  if (pausa) return CAMPO_DE_PAUSA[key] ?? 'pausaActiva';
  return (CAMPOS_EN_ORDEN as readonly string[]).includes(key)
    ? (key as CampoProgramacion)
    : 'activa';
}

export type ProgramacionRevisada =
  | { ok: true; programacion: Programacion; pausaAutomatica: PausaAutomatica }
  | { ok: false; errores: ErroresProgramacion };

/** Both settings checked by the domain's schemas: every field's first broken rule at once. */
export function checkProgramacion(form: ProgramacionForm): ProgramacionRevisada {
  const programacion = programacionSchema.safeParse({
    activa: form.activa,
    diasAdelante: numero(form.diasAdelante),
    intervaloMin: numero(form.intervaloMin),
    pedidosPorIntervalo: form.conLimite ? numero(form.pedidosPorIntervalo) : null,
    preparacionMin: numero(form.preparacionMin),
  });
  const pausa = pausaAutomaticaSchema.safeParse({
    activa: form.pausaActiva,
    pedidosSinAceptar: numero(form.pedidosSinAceptar),
  });
  const errores: ErroresProgramacion = {};
  const issues = [
    ...(programacion.error?.issues.map((i) => ({ ...i, pausa: false })) ?? []),
    ...(pausa.error?.issues.map((i) => ({ ...i, pausa: true })) ?? []),
  ];
  for (const issue of issues) {
    const campo = campoDe(issue.path, issue.pausa);
    errores[campo] ??= issue.message;
  }
  if (!programacion.success || !pausa.success) return { ok: false, errores };
  return { ok: true, programacion: programacion.data, pausaAutomatica: pausa.data };
}

/** The first field in error, in the screen's order. */
export function primerCampoConError(errores: ErroresProgramacion): CampoProgramacion | undefined {
  return CAMPOS_EN_ORDEN.find((c) => errores[c] !== undefined);
}

const MENSAJE_A_CAMPO: ReadonlyMap<string, CampoProgramacion> = new Map([
  [programacionMessages.activa, 'activa'],
  [programacionMessages.diasAdelante, 'diasAdelante'],
  [programacionMessages.intervaloMin, 'intervaloMin'],
  [programacionMessages.pedidosPorIntervalo, 'pedidosPorIntervalo'],
  [programacionMessages.preparacionMin, 'preparacionMin'],
  [programacionMessages.pausaActiva, 'pausaActiva'],
  [programacionMessages.pedidosSinAceptar, 'pedidosSinAceptar'],
]);

/** The field a server's refusal is about, when it is one of the domain's field messages. */
export function campoDelMensaje(mensaje: string): CampoProgramacion | undefined {
  return MENSAJE_A_CAMPO.get(mensaje);
}

/** updatetienda's body with the scheduling settings. */
export type ProgramacionUpdateBody = TiendaUpdateBody & {
  programacion: Programacion;
  pausaAutomatica: PausaAutomatica;
};

export const SIN_CONFIGURAR =
  'Primero configura tu tienda (nombre, logo, entrega y pagos): después podrás programar pedidos.';

/**
 * The shop's settings as they are, with this screen's two objects (updatetienda takes them all
 * each time; zones are left out, kept as they are). A shop not configured yet can't save here.
 */
export function cuerpoDeProgramacion(
  tienda: MiTienda,
  programacion: Programacion,
  pausaAutomatica: PausaAutomatica,
): { ok: true; body: ProgramacionUpdateBody } | { ok: false; message: string } {
  return cuerpoDeTiendaCon(tienda, SIN_CONFIGURAR, { programacion, pausaAutomatica });
}
