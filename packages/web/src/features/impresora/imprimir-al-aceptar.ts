import { leerPreferencias } from './preferencias';

/**
 * Where an accept succeeds (pedidos-tienda's runAccionPedido): with "Imprimir al aceptar" on for
 * this device, the order's ticket goes to the thermal printer (docs/web-screens.md, "Thermal
 * printer"). Returns the order at once: printing runs beside the accept, never delays or undoes
 * it, and its failure is a toast. The printer's code loads only on devices where it is on.
 */
export function imprimirAlAceptar<T extends { id: number }>(pedido: T): T {
  if (leerPreferencias().imprimirAlAceptar) {
    void import('./impresora-store').then((m) => m.imprimirTicketAlAceptar(pedido.id));
  }
  return pedido;
}
