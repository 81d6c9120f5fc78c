import { postPedido } from './post-pedido';

const enviados = new Set<number>();

/**
 * POST /api/pedido/visto once per order and visit, fire and forget: the server records the
 * first time the owner opened it ("sin atender" reports); a failure changes nothing on screen.
 */
export function markVisto(pedidoId: number): void {
  if (enviados.has(pedidoId)) return;
  enviados.add(pedidoId);
  postPedido('/api/pedido/visto', { pedidoId }, { reload: false }).catch(() => {
    // Tried again on the next visit to the order.
    enviados.delete(pedidoId);
  });
}

/** Tests only: forget what was sent. */
export function forgetVistos(): void {
  enviados.clear();
}
