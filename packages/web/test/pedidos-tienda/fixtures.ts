import type { PedidoDetalle } from '@tianguis/domain';
import type { PedidoTienda } from '../../src/features/pedidos-tienda/api/get-pedidos-tienda';
import { entregaADomicilio, pedidoVista } from '../pedidos/fixtures';

/** A line as a test writes it: what it is about; the rest takes a plain default. */
type LineaDePrueba = Pick<
  PedidoDetalle,
  'nombreProducto' | 'imagenProducto' | 'cantidad' | 'precio'
> &
  Partial<PedidoDetalle>;

type PedidoDePrueba = Omit<Partial<PedidoTienda>, 'usuarioId' | 'pedidoDetalles'> & {
  id: number;
  usuarioId?: number;
  pedidoDetalles?: LineaDePrueba[];
};

function linea(l: LineaDePrueba, index: number): PedidoDetalle {
  return { productoId: index + 1, opciones: [], nota: null, ...l };
}

/**
 * A complete order for the owner's tests (a signed-in shopper's, delivered, paid in cash);
 * `over` changes what the test is about. The delivery address follows `direccionEntrega` unless `entrega` is
 * given.
 */
export function makePedido(over: PedidoDePrueba): PedidoTienda & { usuarioId: number } {
  const direccionEntrega = over.direccionEntrega ?? 'Av. Juárez 10, Centro';
  const lineas: LineaDePrueba[] = over.pedidoDetalles ?? [
    {
      nombreProducto: 'Taco al pastor',
      imagenProducto: '/images/taco.png',
      cantidad: 2,
      precio: 15,
    },
    { nombreProducto: 'Agua de horchata', imagenProducto: 'N/A', cantidad: 1, precio: 15 },
  ];
  // The shopper's fixture is the one complete order; the owner's tests read other amounts.
  const pedido = pedidoVista({
    fecha: '2025-03-12T15:00:00.000Z',
    cantidadDeArticulos: 3,
    montoTotal: 65.5,
    costoDeEnvio: 20.5,
    celularTienda: '5587654321',
    celular: '5512345678',
    entrega: entregaADomicilio(direccionEntrega),
    ...over,
    direccionEntrega,
    pedidoDetalles: lineas.map(linea),
  });
  return { ...pedido, usuarioId: over.usuarioId ?? 30 };
}
