import type { PedidoDetalle } from '@tianguis/domain';
import type { PedidoTienda } from '../api/get-pedidos-tienda';

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
 * A complete order for tests (a signed-in shopper's, delivered, paid in cash); `over` changes
 * what the test is about. The delivery address follows `direccionEntrega` unless `entrega` is
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
  return {
    tiendaId: 7,
    usuarioId: 30,
    status: 'NUEVO',
    fecha: '2025-03-12T15:00:00.000Z',
    cantidadDeArticulos: 3,
    montoTotal: 65.5,
    costoDeEnvio: 20.5,
    nombreTienda: 'Taquería Lupe',
    usuarioTienda: 'taqueria-lupe',
    tiendaImageUrl: '/images/lupe.png',
    celularTienda: '5587654321',
    nombreCompleto: 'Ana López',
    celular: '5512345678',
    entrega: { tipo: 'DOMICILIO', direccion: direccionEntrega, referencias: null },
    pago: { metodo: 'EFECTIVO', pagaCon: null, cambio: null, referencia: null, pagado: false },
    nota: null,
    invitado: false,
    origen: 'WEB',
    aceptadoEn: null,
    listoEstimado: null,
    motivoCancelacion: null,
    escalado: false,
    vistoEn: null,
    ...over,
    direccionEntrega,
    pedidoDetalles: lineas.map(linea),
  };
}
