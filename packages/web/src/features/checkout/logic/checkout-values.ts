import {
  centavosToPesos,
  checkoutFields,
  clientePedidoSchema,
  costoDeEnvioDe,
  entregaPedidoSchema,
  formatPesos,
  METODOS_PAGO,
  pagoPedidoSchema,
  parsePesos,
  pedidoWireMessages,
  precioCambioSchema,
  TIPOS_ENTREGA,
  totalesDeCanasta,
  type EntregaTienda,
  type MetodoPago,
  type PagosVista,
  type PedidoInvitadoBody,
  type Punto,
  type ProcesarCarritoBody,
  type TipoEntrega,
  type TotalesDeCanasta,
} from '@tianguis/domain';
import { ApiError } from '../../../lib/api-client';
import { terminosDeEnvio, type ResultadoZona, type ZonaDeTienda } from './zona-de-entrega';

/** One basket line as checkout sends it; `precio` is the unit price with its options, pesos. */
export interface LineaCheckout {
  readonly productoId: number;
  readonly cantidad: number;
  /** Option ids. */
  readonly opciones: readonly number[];
  readonly nota: string | null;
  readonly precio: number;
}

/**
 * One shop's basket as the form needs it: the carrito feature's basket (signed-in server cart or
 * guest browser basket) hands these fields in. Amounts in pesos, as the API answers them.
 */
export interface CanastaCheckout {
  readonly tiendaId: number;
  readonly nombreTienda: string;
  readonly lineas: readonly LineaCheckout[];
  readonly montoMinimo: number;
  readonly costoDeEnvio: number;
  readonly entrega: EntregaTienda;
  readonly pagos: PagosVista;
  readonly abierta: boolean;
  readonly mensajeCerrada: string | null;
  /** Its delivery zones (the public answer's active ones) and the point a radius is measured from. */
  readonly zonas?: readonly ZonaDeTienda[];
  readonly ubicacion?: Punto | null;
  /**
   * Given when the shop takes orders for later (its public answer's `programacion.activa`): its
   * public address (for its slots) and time zone. Such a shop may be ordered from while closed
   * or paused, for a slot (docs/api.md, "Orders for later").
   */
  readonly programar?: { readonly usuario: string; readonly timeZone: string };
}

export interface CheckoutValues {
  nombreCompleto: string;
  celular: string;
  tipoEntrega: TipoEntrega;
  direccion: string;
  referencias: string;
  /** Where the address falls, for a shop's delivery zones (zona-de-entrega.ts); as typed. */
  colonia: string;
  codigoPostal: string;
  metodoPago: MetodoPago;
  /** As typed: '500', '$500.00', '1,000'. */
  pagaCon: string;
  nota: string;
}

export type CheckoutField = keyof CheckoutValues;

export const checkoutMessages = {
  pagaConMenor: pedidoWireMessages.pagaConMenor,
  precioCambio: (total: number) => `El precio cambió: el nuevo total es ${formatPesos(total)}`,
  sinEntrega: 'Esta tienda no tiene formas de entrega disponibles',
  sinPago: 'Esta tienda no tiene formas de pago disponibles',
} as const;

/** The delivery types the shop offers, pickup first (it costs nothing). */
export function tiposDeEntrega(entrega: EntregaTienda): TipoEntrega[] {
  return [...TIPOS_ENTREGA]
    .reverse()
    .filter((t) => (t === 'RECOGER' ? entrega.recoger : entrega.domicilio));
}

/** The payment methods the shop takes, in the contract's order. */
export function metodosDePago(pagos: PagosVista): MetodoPago[] {
  return METODOS_PAGO.filter((m) =>
    m === 'EFECTIVO' ? pagos.efectivo : m === 'TERMINAL' ? pagos.terminal : !!pagos.transferencia,
  );
}

export interface DatosConocidos {
  nombreCompleto?: string;
  celular?: string;
  direccion?: string;
  referencias?: string;
}

export function valoresIniciales(
  canasta: CanastaCheckout,
  conocidos: DatosConocidos = {},
): CheckoutValues {
  return {
    nombreCompleto: conocidos.nombreCompleto ?? '',
    celular: conocidos.celular ?? '',
    tipoEntrega: tiposDeEntrega(canasta.entrega)[0] ?? 'DOMICILIO',
    direccion: conocidos.direccion ?? '',
    referencias: conocidos.referencias ?? '',
    colonia: '',
    codigoPostal: '',
    metodoPago: metodosDePago(canasta.pagos)[0] ?? 'EFECTIVO',
    pagaCon: '',
    nota: '',
  };
}

/**
 * Subtotal, shipping (none for pickup), total and the minimum, in centavos. A delivery at a shop
 * with zones takes its zone's shipping and minimum (none known yet: no shipping, the shop's
 * minimum); pickup keeps the shop's minimum.
 */
export function totalesCheckout(
  canasta: CanastaCheckout,
  tipo: TipoEntrega,
  zona: ResultadoZona = { estado: 'sin-zonas' },
): TotalesDeCanasta {
  const terminos = tipo === 'DOMICILIO' ? terminosDeEnvio(canasta, zona) : canasta;
  return totalesDeCanasta({
    montoMinimo: terminos.montoMinimo,
    costoDeEnvio: costoDeEnvioDe(tipo, terminos.costoDeEnvio),
    lineas: canasta.lineas,
  });
}

/** Centavos for "¿Con cuánto pagas?" as typed ('$ 1,000.50' reads 100050), or undefined. */
export function parsePagaCon(texto: string): number | undefined {
  const limpio = texto.replace(/[$\s,]/g, '');
  if (limpio === '') return undefined;
  return parsePesos(limpio);
}

/** The change to bring, in centavos, when the amount typed covers the total. */
export function cambioDe(pagaCon: string, total: number): number | undefined {
  const centavos = parsePagaCon(pagaCon);
  return centavos !== undefined && centavos >= total ? centavos - total : undefined;
}

/** What the form collected, checked and ready for either body. Amounts in pesos. */
export interface DatosPedido {
  cliente?: { nombreCompleto: string; celular: string };
  entrega: {
    tipo: TipoEntrega;
    direccion?: string;
    referencias?: string;
    colonia?: string;
    codigoPostal?: string;
    ubicacion?: Punto;
  };
  pago: { metodo: MetodoPago; pagaCon?: number };
  nota?: string;
  /** The chosen slot's `inicio`; left out: as soon as possible. */
  programadoPara?: string;
}

export type Validacion =
  | { ok: true; datos: DatosPedido }
  | { ok: false; field: CheckoutField | undefined; message: string };

function fallo(
  field: CheckoutField | undefined,
  error: { issues: readonly { message: string }[] },
): Validacion {
  return { ok: false, field, message: error.issues[0]?.message ?? 'Revisa tus datos' };
}

/**
 * The form's values checked field by field, top to bottom, with the domain's schemas (the
 * server's rules and messages). A signed-in shopper may leave the name and the address empty:
 * the server then uses the account's.
 */
export function validateCheckout(
  values: CheckoutValues,
  contexto: { invitado: boolean; total: number; celularDeCuenta?: string },
): Validacion {
  const datos: DatosPedido = {
    entrega: { tipo: values.tipoEntrega },
    pago: { metodo: values.metodoPago },
  };

  const nombre = values.nombreCompleto.trim();
  const celular = values.celular.trim();
  const usaCuenta =
    !contexto.invitado &&
    nombre === '' &&
    (celular === '' || celular === (contexto.celularDeCuenta ?? ''));
  if (!usaCuenta) {
    const cliente = clientePedidoSchema.safeParse({ nombreCompleto: nombre, celular });
    if (!cliente.success) {
      const campo = cliente.error.issues[0]?.path[0] === 'celular' ? 'celular' : 'nombreCompleto';
      return fallo(campo, cliente.error);
    }
    datos.cliente = cliente.data;
  }

  if (values.tipoEntrega === 'DOMICILIO') {
    const direccion = values.direccion.trim();
    if (direccion === '' && contexto.invitado) {
      return { ok: false, field: 'direccion', message: pedidoWireMessages.direccionRequerida };
    }
    const entrega = entregaPedidoSchema.safeParse({
      tipo: 'DOMICILIO',
      direccion: direccion === '' ? undefined : direccion,
      referencias: values.referencias,
    });
    if (!entrega.success) {
      const message = entrega.error.issues[0]?.message;
      return fallo(
        message === pedidoWireMessages.referenciasMax ? 'referencias' : 'direccion',
        entrega.error,
      );
    }
    datos.entrega = {
      tipo: 'DOMICILIO',
      ...(entrega.data.direccion ? { direccion: entrega.data.direccion } : {}),
      ...(entrega.data.referencias ? { referencias: entrega.data.referencias } : {}),
    };
  }

  if (values.metodoPago === 'EFECTIVO' && values.pagaCon.trim() !== '') {
    const centavos = parsePagaCon(values.pagaCon);
    if (centavos === undefined) {
      return { ok: false, field: 'pagaCon', message: pedidoWireMessages.pagaConInvalido };
    }
    const pago = pagoPedidoSchema.safeParse({
      metodo: 'EFECTIVO',
      pagaCon: centavosToPesos(centavos),
    });
    if (!pago.success) return fallo('pagaCon', pago.error);
    if (centavos < contexto.total) {
      return {
        ok: false,
        field: 'pagaCon',
        message: checkoutMessages.pagaConMenor(contexto.total),
      };
    }
    datos.pago = { metodo: 'EFECTIVO', pagaCon: centavosToPesos(centavos) };
  }

  const nota = checkoutFields.nota.safeParse(values.nota);
  if (!nota.success) return fallo('nota', nota.error);
  if (nota.data) datos.nota = nota.data;

  return { ok: true, datos };
}

/** `proccesscart`'s body: the server cart is the basket; `totalEsperado` the total shown. */
export function cuerpoConCuenta(
  canasta: CanastaCheckout,
  datos: DatosPedido,
  totalEsperado: number,
): ProcesarCarritoBody {
  return { tiendaId: canasta.tiendaId, ...datos, totalEsperado: centavosToPesos(totalEsperado) };
}

/** `POST /api/pedido/invitado`'s body: the lines travel with the order. */
export function cuerpoInvitado(
  canasta: CanastaCheckout,
  datos: DatosPedido,
  totalEsperado: number,
): PedidoInvitadoBody {
  if (!datos.cliente) throw new Error('un pedido sin cuenta lleva nombre y celular');
  return {
    tiendaId: canasta.tiendaId,
    lineas: canasta.lineas.map((l) => ({
      productoId: l.productoId,
      cantidad: l.cantidad,
      ...(l.opciones.length > 0 ? { opciones: [...l.opciones] } : {}),
      ...(l.nota ? { nota: l.nota } : {}),
    })),
    cliente: datos.cliente,
    entrega: datos.entrega,
    pago: datos.pago,
    ...(datos.nota ? { nota: datos.nota } : {}),
    ...(datos.programadoPara ? { programadoPara: datos.programadoPara } : {}),
    totalEsperado: centavosToPesos(totalEsperado),
  };
}

/** The new total (centavos) of a 409 PRECIO_CAMBIO, or undefined for any other error. */
export function precioCambiado(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'PRECIO_CAMBIO') return undefined;
  const body = precioCambioSchema.safeParse(error.body);
  return body.success ? parsePesos(body.data.montoTotal) : undefined;
}

/**
 * Whether nothing was ordered for sure: the server refused (4xx). After a lost answer or a
 * server fault the order may exist, so the same Idempotency-Key must go again.
 */
export function isRechazoDefinitivo(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.code !== 'IDEMPOTENCIA_CONFLICTO'
  );
}
