/**
 * The public entry of the shop's order board: what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { runAccionPedido, type AccionPedido } from './api/finish-pedido';
export { pedidosTiendaKey, usePedidosTienda, type PedidoTienda } from './api/get-pedidos-tienda';
export { markVisto } from './api/mark-visto';
export { usePedidosConAnteriores } from './api/pedidos-anteriores';
export { CargarAnteriores } from './components/cargar-anteriores';
export { PedidoDetalle } from './components/pedido-detalle';
export { textoEntrega, textoProgramado } from './components/pedido-estado';
export { PedidosLista } from './components/pedidos-lista';
export { TableroBarra } from './components/tablero-barra';
export { isTabTablero, type FiltrosTablero } from './components/tablero-tabs';
export { ANCHO_IMPRESO_MM, type AnchoTicket } from './components/ticket-cocina';
export { ImpresionTicket, TicketImpresion } from './components/ticket-impresion';
export { audioState, unlockAudio } from './hooks/sonido';
export { useOpenAtTop } from './hooks/use-open-at-top';
export { useAhora } from './hooks/use-ahora';
export {
  loadPedidosVigilados,
  onPedidosNuevos,
  useFuentePedidosEnVivo,
  usePedidosEnVivo,
  type EstadoConexion,
} from './hooks/use-pedidos-en-vivo';
export { useSonidoPedidos } from './hooks/use-sonido-pedidos';
