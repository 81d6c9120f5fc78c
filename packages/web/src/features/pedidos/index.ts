/**
 * The public entry of a shopper's orders: what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { isPedidoVista, misPedidosKey, useMisPedidos } from './api/mis-pedidos';
export { POLLING_MS, useMisPedidosEnVivo } from './api/mis-pedidos-eventos';
export { MisPedidoDetalle } from './components/mis-pedido-detalle';
export { colorDeEstado } from './components/mis-pedido-status';
export { MisPedidosLista, SinPedidos } from './components/mis-pedidos-lista';
export {
  EncabezadoDePedido,
  ENTREGA_TEXTO,
  EntregaPagoNota,
  FilaDeTotal,
  LineasDePedido,
  METODO_PAGO_TEXTO,
  MotivoDeCancelacion,
  ProgramadoPara,
  textoDeEstado,
  TotalesDePedido,
  whatsappDePedido,
  WhatsAppPedidoBoton,
} from './components/pedido-partes';
export { formatFechaPedido } from './mis-pedidos-fecha';
export { textoDeLugar, textoDeZona } from './zona-de-pedido';
