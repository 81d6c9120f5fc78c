/**
 * A shop's staff (docs/api.md, "Staff and the kitchen"): the three roles, what each may do, the
 * invitation's life and the texts the owner and the staff read. No zod here: the wire schemas
 * are in personal.schema.ts.
 */

export const ROLES_PERSONAL = ['ENCARGADO', 'CAJERO', 'COCINA'] as const;
export type RolPersonal = (typeof ROLES_PERSONAL)[number];

/** Who acts for a shop: its owner (DUENO) or a member of its staff. */
export type Actor = 'DUENO' | RolPersonal;

export const ESTADOS_PERSONAL = ['INVITADO', 'ACTIVO', 'BAJA'] as const;
export type EstadoPersonal = (typeof ESTADOS_PERSONAL)[number];

/** At most this many members invited or active per shop (expired invitations do not count). */
export const MAX_PERSONAL = 20;
/** An invitation's link works this long, once. */
export const INVITACION_TTL_MS = 72 * 60 * 60 * 1000;

export function isRolPersonal(value: unknown): value is RolPersonal {
  return typeof value === 'string' && (ROLES_PERSONAL as readonly string[]).includes(value);
}

/**
 * What a shop's people do, one name per row of the contract's permission table:
 * - `pedidos`: see orders, the live stream and tickets (the kitchen sees accepted and ready
 *   orders only, without phone or address: `vistaDeCocina`);
 * - `atender`: accept, cancel, complete, mark paid, mark seen, type a manual order;
 * - `listo`: mark an order ready;
 * - `ritmo`: pause the shop and set the busy delay;
 * - `agotar`: mark a product sold out for today;
 * - `catalogo`: categories, products, options, images, hours and special days;
 * - `ventas`: the sales and the export;
 * - `corte`: the cash close;
 * - `ajustes`: the shop's settings (payments, CLABE, zones, scheduling), its staff, on/off.
 */
export const ACCIONES = [
  'pedidos',
  'atender',
  'listo',
  'ritmo',
  'agotar',
  'catalogo',
  'ventas',
  'corte',
  'ajustes',
] as const;
export type Accion = (typeof ACCIONES)[number];

const CUALQUIER_ROL: readonly Actor[] = ['DUENO', 'ENCARGADO', 'CAJERO', 'COCINA'];
const MOSTRADOR: readonly Actor[] = ['DUENO', 'ENCARGADO', 'CAJERO'];
const GERENCIA: readonly Actor[] = ['DUENO', 'ENCARGADO'];

/** The permission table: who may do each thing. The owner may do everything. */
export const PERMISOS: Readonly<Record<Accion, readonly Actor[]>> = {
  pedidos: CUALQUIER_ROL,
  atender: MOSTRADOR,
  listo: CUALQUIER_ROL,
  ritmo: MOSTRADOR,
  agotar: CUALQUIER_ROL,
  catalogo: GERENCIA,
  ventas: GERENCIA,
  corte: MOSTRADOR,
  ajustes: ['DUENO'],
};

export function can(actor: Actor | null | undefined, accion: Accion): boolean {
  return actor !== null && actor !== undefined && PERMISOS[accion].includes(actor);
}

/** The kitchen's view of orders leaves out the customer's phone and address. */
export function vistaDeCocina(actor: Actor | null | undefined): boolean {
  return actor === 'COCINA';
}

export const ROL_ETIQUETAS: Readonly<Record<Actor, string>> = {
  DUENO: 'Dueño',
  ENCARGADO: 'Encargado',
  CAJERO: 'Cajero',
  COCINA: 'Cocina',
};

export const ROL_DESCRIPCIONES: Readonly<Record<RolPersonal, string>> = {
  ENCARGADO: 'Pedidos, catálogo, horarios y ventas; no cambia pagos, zonas ni personal',
  CAJERO: 'Pedidos, pausa, agotados y corte de caja',
  COCINA: 'Solo la pantalla de cocina: pedidos aceptados y "Listo"',
};

export const ESTADO_PERSONAL_ETIQUETAS: Readonly<Record<EstadoPersonal, string>> = {
  INVITADO: 'Invitación enviada',
  ACTIVO: 'Activo',
  BAJA: 'Dado de baja',
};

export const personalMessages = {
  correoEnUso: 'Ese correo ya tiene una cuenta en Tianguis; usa otro',
  invitacionInvalida: 'La invitación no es válida, ya se usó o ya venció. Pide una nueva',
  maximo: `Tu tienda ya tiene ${MAX_PERSONAL} personas en su personal; da de baja a alguien para invitar a otra`,
  rolInvalido: 'Elige un rol: encargado, cajero o cocina',
  noEncontrado: 'Esa persona no está en el personal de tu tienda',
  dadoDeBaja: 'Ya no tienes acceso a esta tienda',
  asuntoInvitacion: (tienda: string) => `Te invitaron al personal de ${tienda} en Tianguis`,
  cuerpoInvitacion: (nombre: string, tienda: string, rol: RolPersonal, enlace: string) =>
    `Hola ${nombre}:\n\n${tienda} te invitó a su personal como ${ROL_ETIQUETAS[rol].toLowerCase()}.\n` +
    `Crea tu contraseña en este enlace (vale 72 horas y una sola vez):\n\n${enlace}\n\n` +
    'Si no esperabas esta invitación, ignora este correo.',
} as const;

/** Who acted on an order (aceptadoPor, listoPor, …) as the order detail shows it. */
export interface QuienActuo {
  readonly nombreCompleto: string;
  readonly rol: Actor;
}

/** "Ana López (Cocina)". */
export function quienActuoTexto(quien: QuienActuo): string {
  return `${quien.nombreCompleto} (${ROL_ETIQUETAS[quien.rol]})`;
}

/** The customer's words for a ready order, by how it reaches them. */
export function textoPedidoListo(entregaTipo: string): string {
  return entregaTipo === 'DOMICILIO'
    ? 'Tu pedido va en camino'
    : '¡Tu pedido está listo para recoger!';
}
