import { readPreferencias } from './preferencias';

/**
 * Where an accept succeeds (pedidos-tienda's runAccionPedido): with "Imprimir al aceptar" on for
 * this device, the order's ticket goes to the thermal printer (docs/web-screens.md, "Thermal
 * printer"). Returns the order at once: printing runs beside the accept, never delays or undoes
 * it, and its failure is a toast. The printer's code loads only on devices where it is on.
 */
export function printOnAccept<T extends { id: number }>(pedido: T): T {
  if (readPreferencias().imprimirAlAceptar) {
    void import('./impresora-store').then((m) => m.printTicketOnAccept(pedido.id));
  }
  return pedido;
}
