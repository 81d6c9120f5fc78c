/**
 * The types of order events (the outbox `pedido_evento.tipo` and the live streams' `{tipo}`):
 * a new order (NUEVO), its new status (ACEPTADO, LISTO, COMPLETADO, CANCELADO), and changes
 * that are not a status: the owner opened it (VISTO), it was paid (PAGADO), it waited too long
 * as NUEVO (ESCALADO). The database column stays TEXT; these are all the server writes.
 */
export const TIPOS_EVENTO_PEDIDO = [
  'NUEVO',
  'ACEPTADO',
  'LISTO',
  'COMPLETADO',
  'CANCELADO',
  'VISTO',
  'PAGADO',
  'ESCALADO',
] as const;

export type TipoEventoPedido = (typeof TIPOS_EVENTO_PEDIDO)[number];

const tiposEventoPedido: ReadonlySet<string> = new Set(TIPOS_EVENTO_PEDIDO);

/** Whether a value read from a stream's event is one of the known event types. */
export function esTipoEventoPedido(value: unknown): value is TipoEventoPedido {
  return typeof value === 'string' && tiposEventoPedido.has(value);
}
