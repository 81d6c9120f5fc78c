import {
  recordCargaDePedidos,
  recordEventoDePedido,
  VIGIA_INICIAL,
  type VigiaDePedidos,
} from '@tianguis/domain';
import type { PedidoTienda } from '../api/get-pedidos-tienda';

/**
 * What the order list has seen, kept for the whole visit (not per mount): going to an order's
 * detail and back must not make the next load a "first poll" again. Another shop on this
 * device starts from nothing.
 */
let current: { tiendaId: number | undefined; vigia: VigiaDePedidos } = {
  tiendaId: undefined,
  vigia: VIGIA_INICIAL,
};

function vigiaOf(tiendaId: number | undefined): VigiaDePedidos {
  if (current.tiendaId !== tiendaId) current = { tiendaId, vigia: VIGIA_INICIAL };
  return current.vigia;
}

/** A full load of the list; answers the orders to alert about. */
export function watchCarga(tiendaId: number | undefined, pedidos: PedidoTienda[]): PedidoTienda[] {
  const { vigia, nuevos } = recordCargaDePedidos(vigiaOf(tiendaId), pedidos);
  current = { tiendaId, vigia };
  return nuevos;
}

/** An order from the live stream; answers it when it is one to alert about. */
export function watchEvento(tiendaId: number | undefined, pedido: PedidoTienda): PedidoTienda[] {
  const { vigia, nuevos } = recordEventoDePedido(vigiaOf(tiendaId), pedido);
  current = { tiendaId, vigia };
  return nuevos;
}
