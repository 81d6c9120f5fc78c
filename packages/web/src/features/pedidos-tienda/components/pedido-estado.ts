import {
  cambioDePago,
  diaRelativo,
  formatPesos,
  horaDePedido,
  paraLas,
  quienActuoTexto,
  type PedidoVista,
} from '@tianguis/domain';

// The second edition's order details as the owner's board and ticket show them.

/** 'Listo aprox. a las 14:30' for an accepted order. */
export function textoListoEstimado(pedido: PedidoVista, timeZone: string): string | undefined {
  if (pedido.status !== 'ACEPTADO') return undefined;
  const hora = horaDePedido(pedido.listoEstimado, timeZone);
  return hora ? `Listo aprox. a las ${hora}` : undefined;
}

/** 'Listo desde las 14:32' for an order the kitchen marked ready. */
export function textoListoEn(pedido: PedidoVista, timeZone: string): string | undefined {
  if (pedido.status !== 'LISTO') return undefined;
  const hora = horaDePedido(pedido.listoEn, timeZone);
  return hora ? `Listo desde las ${hora}` : undefined;
}

/**
 * Who moved the order on, in the order it happened (docs/api.md, "Staff and the kitchen"):
 * 'Aceptado por Ana López (Encargado)', 'Listo: Juan (Cocina)', 'Completado por …', 'Cancelado
 * por …'. Orders from before staff carry none.
 */
export function textosQuienActuo(
  pedido: Pick<PedidoVista, 'aceptadoPor' | 'listoPor' | 'completadoPor' | 'canceladoPor'>,
): string[] {
  const textos: string[] = [];
  if (pedido.aceptadoPor) textos.push(`Aceptado por ${quienActuoTexto(pedido.aceptadoPor)}`);
  if (pedido.listoPor) textos.push(`Listo: ${quienActuoTexto(pedido.listoPor)}`);
  if (pedido.completadoPor) textos.push(`Completado por ${quienActuoTexto(pedido.completadoPor)}`);
  if (pedido.canceladoPor) textos.push(`Cancelado por ${quienActuoTexto(pedido.canceladoPor)}`);
  return textos;
}

/** An unreadable time is left out rather than shown as 'Invalid Date'. */
function instanteDe(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const instante = new Date(iso);
  return Number.isNaN(instante.getTime()) ? undefined : instante;
}

/**
 * A scheduled order's time, wherever it shows (card, detail, ticket): 'Para las 14:00', 'Para
 * mañana a las 14:00' (docs/api.md, "Orders for later"); undefined for an order for now.
 */
export function textoProgramado(
  pedido: Pick<PedidoVista, 'programadoPara'>,
  now: Date,
  timeZone: string,
): string | undefined {
  const instante = instanteDe(pedido.programadoPara);
  return instante ? paraLas(instante.toISOString(), now, timeZone) : undefined;
}

/**
 * The accept choice that readies a scheduled order at its time (aceptarpedido without
 * `minutos`): 'Para las 14:00' today, 'Para las 14:00 · mañana' on another day.
 */
export function textoAceptarProgramado(
  pedido: Pick<PedidoVista, 'programadoPara'>,
  now: Date,
  timeZone: string,
): string | undefined {
  const instante = instanteDe(pedido.programadoPara);
  if (!instante) return undefined;
  const hora = horaDePedido(instante.toISOString(), timeZone);
  const dia = diaRelativo(instante, now, timeZone);
  return dia === 'hoy' ? `Para las ${hora}` : `Para las ${hora} · ${dia}`;
}

/** How the order reaches the shopper, in the board's and ticket's short words. */
export function textoEntrega(entrega: PedidoVista['entrega'] | undefined): string {
  return entrega?.tipo === 'RECOGER' ? 'Recoger en tienda' : 'A domicilio';
}

const METODO_LABEL: Record<PedidoVista['pago']['metodo'], string> = {
  EFECTIVO: 'Efectivo',
  TRANSFERENCIA: 'Transferencia',
  TERMINAL: 'Terminal',
};

export function textoMetodoPago(pago: PedidoVista['pago'] | undefined): string {
  return METODO_LABEL[pago?.metodo ?? 'EFECTIVO'] ?? 'Efectivo';
}

/** 'Paga con $ 500.00 · llevar cambio $ 55.00', or undefined without a note amount. */
export function textoCambio(pago: PedidoVista['pago'] | undefined): string | undefined {
  const efectivo = cambioDePago(pago);
  if (!efectivo) return undefined;
  const pagaCon = `Paga con ${formatPesos(efectivo.pagaCon)}`;
  const cambio = efectivo.cambio ?? 0;
  return cambio > 0
    ? `${pagaCon} · llevar cambio ${formatPesos(cambio)}`
    : `${pagaCon} · sin cambio`;
}

/** Whether a transfer is still to be confirmed by the owner. */
export function isTransferenciaPendiente(pedido: PedidoVista): boolean {
  return pedido.pago?.metodo === 'TRANSFERENCIA' && !pedido.pago.pagado;
}

/** 'Por teléfono' for an order the owner typed, 'Invitado' for one placed without an account. */
export function marcaDeOrigen(pedido: PedidoVista): string | undefined {
  if (pedido.origen === 'MANUAL') return 'Por teléfono';
  return pedido.invitado ? 'Invitado' : undefined;
}
