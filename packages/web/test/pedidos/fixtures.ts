import type { PedidoDetalle, PedidoVista } from '@tianguis/domain';

/** An order's delivery fields for a place without zones (docs/api.md, "Delivery zones"). */
export const SIN_ZONA = { colonia: null, codigoPostal: null, ubicacion: null, zona: null } as const;

/** A pickup order's delivery fields: no address. */
export const ENTREGA_RECOGER = {
  tipo: 'RECOGER',
  direccion: null,
  referencias: null,
  ...SIN_ZONA,
} as const satisfies PedidoVista['entrega'];

/** Home delivery to `direccion`, in a place without zones. */
export function entregaADomicilio(
  direccion: string,
  referencias: string | null = null,
): PedidoVista['entrega'] {
  return { tipo: 'DOMICILIO', direccion, referencias, ...SIN_ZONA };
}

/** Cash, not paid yet: what the shopper pays with and the change to take (none if not given). */
export function pagoEnEfectivo(
  pagaCon: number | null = null,
  cambio: number | null = null,
): PedidoVista['pago'] {
  return { metodo: 'EFECTIVO', pagaCon, cambio, referencia: null, pagado: false };
}

/** A transfer with its concept (`referencia`), not paid yet; `over` adds the bank or `pagado`. */
export function pagoPorTransferencia(
  referencia: string,
  over: Partial<PedidoVista['pago']> = {},
): PedidoVista['pago'] {
  return {
    metodo: 'TRANSFERENCIA',
    pagaCon: null,
    cambio: null,
    referencia,
    pagado: false,
    ...over,
  };
}

type OpcionElegida = PedidoVista['pedidoDetalles'][number]['opciones'][number];

/** A line's chosen options, each as [grupo, nombre, precioExtra]; their ids are 1, 2, 3… */
export function opcionesElegidas(
  ...opciones: [grupo: string, nombre: string, precioExtra: number][]
): OpcionElegida[] {
  return opciones.map(([grupo, nombre, precioExtra], i) => ({
    id: i + 1,
    grupo,
    nombre,
    precioExtra,
  }));
}

/**
 * The line the tests of options and notes show: Taco al pastor with tortilla de harina, queso and
 * aguacate (their extras `precios`), "Sin cebolla"; `over` changes what a test is about.
 */
export function lineaConOpciones<T extends Partial<PedidoDetalle>>(
  over: T,
  [tortilla, queso, aguacate]: [number, number, number] = [5, 10, 15],
) {
  return {
    nombreProducto: 'Taco al pastor',
    imagenProducto: 'N/A',
    cantidad: 1,
    precio: 18,
    opciones: opcionesElegidas(
      ['Tortilla', 'Harina', tortilla],
      ['Extras', 'Queso', queso],
      ['Extras', 'Aguacate', aguacate],
    ),
    nota: 'Sin cebolla',
    ...over,
  };
}

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
    entrega: entregaADomicilio('Calle Pino 12, Col. Centro'),
    pago: pagoEnEfectivo(),
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
