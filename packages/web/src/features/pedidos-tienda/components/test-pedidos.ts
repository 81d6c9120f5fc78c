import type { PedidoTienda } from '../api/get-pedidos-tienda';

/** A complete order for tests; `over` changes what the test is about. */
export function makePedido(over: Partial<PedidoTienda> & { id: number }): PedidoTienda {
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
    nombreCompleto: 'Ana López',
    celular: '5512345678',
    direccionEntrega: 'Av. Juárez 10, Centro',
    pedidoDetalles: [
      {
        nombreProducto: 'Taco al pastor',
        imagenProducto: '/images/taco.png',
        cantidad: 2,
        precio: 15,
      },
      { nombreProducto: 'Agua de horchata', imagenProducto: 'N/A', cantidad: 1, precio: 15 },
    ],
    ...over,
  };
}
