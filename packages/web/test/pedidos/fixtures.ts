import type { PedidoVista } from '@tianguis/domain';

/** An order's delivery fields for a place without zones (docs/api.md, "Delivery zones"). */
export const SIN_ZONA = { colonia: null, codigoPostal: null, ubicacion: null, zona: null } as const;

/** A pickup order's delivery fields: no address. */
export const ENTREGA_RECOGER = {
  tipo: 'RECOGER',
  direccion: null,
  referencias: null,
  ...SIN_ZONA,
} as const satisfies PedidoVista['entrega'];

/** A complete order as the server answers it, for tests; `over` changes what a test is about. */
export function pedidoVista(over: Partial<PedidoVista> = {}): PedidoVista {
  return {
    id: 9,
    tiendaId: 7,
    usuarioId: 3,
    status: 'NUEVO',
    fecha: '2025-03-05T10:00:00-06:00',
    cantidadDeArticulos: 4,
    montoTotal: 135.49,
    costoDeEnvio: 15.5,
    nombreTienda: 'Taquería Lupe',
    usuarioTienda: 'taqueria-lupe',
    tiendaImageUrl: '/images/lupe.png',
    celularTienda: '5512345678',
    nombreCompleto: 'Ana López',
    celular: '5588776655',
    direccionEntrega: 'Calle Pino 12, Col. Centro',
    entrega: {
      tipo: 'DOMICILIO',
      direccion: 'Calle Pino 12, Col. Centro',
      referencias: null,
      ...SIN_ZONA,
    },
    pago: { metodo: 'EFECTIVO', pagaCon: null, cambio: null, referencia: null, pagado: false },
    nota: null,
    invitado: false,
    origen: 'WEB',
    aceptadoEn: null,
    listoEstimado: null,
    programadoPara: null,
    motivoCancelacion: null,
    escalado: false,
    vistoEn: null,
    listoEn: null,
    aceptadoPor: null,
    listoPor: null,
    completadoPor: null,
    canceladoPor: null,
    pedidoDetalles: [
      {
        productoId: 11,
        nombreProducto: 'Taco al pastor',
        imagenProducto: '/images/p.jpg',
        cantidad: 3,
        precio: 33.33,
        opciones: [],
        nota: null,
      },
      {
        productoId: 12,
        nombreProducto: 'Agua de horchata',
        imagenProducto: 'N/A',
        cantidad: 1,
        precio: 20,
        opciones: [],
        nota: null,
      },
    ],
    ...over,
  };
}
