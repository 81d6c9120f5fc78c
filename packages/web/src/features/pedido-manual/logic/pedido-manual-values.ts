import {
  CANTIDAD_MAXIMA_POR_LINEA,
  claveDeLinea,
  computeTotal,
  costoDeEnvioDe,
  pesosToCentavos,
  centavosToPesos,
  cleanCelular,
  formatPesos,
  normalizeNota,
  pedidoManualSchema,
  pedidoWireMessages,
  textoDeOpciones,
  type MetodoPago,
  type PedidoManualBody,
  type TipoEntrega,
} from '@tianguis/domain';
import { ApiError } from '../../../lib/api-client';
import { precioDeLinea } from '../../carrito';
import { parsePagaCon, type CheckoutValues, type destinoParaEnviar } from '../../checkout';
import type { MiTienda, ProductoDeMiTienda } from '../../mi-tienda';

// The owner's quick order for a phone or WhatsApp shopper: what the form holds, the lines and
// their prices from the owner's catalogue as it is now, the checks (the domain's schema for
// POST /api/pedido/manual, so the server's rules and Spanish messages) and where a refusal of
// the server belongs on screen.

/** The same fields as a shopper's checkout; the phone is kept as typed or pasted and read with
 * the domain's one rule for typed phones (docs/api.md, "Phones as typed"). */
export type PedidoManualValues = CheckoutValues;

/** One product with one set of options and one note, as the owner typed it. */
export interface LineaManual {
  /** The line's own key on screen (its note can change; a new line gets a new one). */
  clave: string;
  productoId: number;
  opciones: readonly number[];
  nota: string;
  cantidad: number;
}

/** A line priced from the catalogue now, or why it can't be ordered as it is. */
export interface LineaManualVista extends LineaManual {
  nombre: string;
  /** 'Tortilla: Harina · Extras: Queso'. */
  textoOpciones: string;
  /** Unit price with its options, centavos; 0 when the line can't be priced. */
  precio: number;
  problema?: string;
}

export type CampoManual =
  | 'nombreCompleto'
  | 'celular'
  | 'tipoEntrega'
  | 'direccion'
  | 'referencias'
  | 'colonia'
  | 'codigoPostal'
  | 'metodoPago'
  | 'pagaCon'
  | 'nota'
  | 'lineas';

/** Errors by field, by line (its clave) and for the whole form. */
export interface ErroresManual {
  campos: Partial<Record<CampoManual, string>>;
  lineas: Record<string, string>;
  general?: string;
}

export const SIN_ERRORES: ErroresManual = { campos: {}, lineas: {} };

export const pedidoManualMessages = {
  titulo: 'Nuevo pedido',
  sinProductos: 'Aún no tienes productos',
  sinProductosTexto: 'Agrega tu primer producto para poder tomar pedidos por teléfono.',
  productoNoDisponible: 'Este producto ya no está a la venta; quítalo del pedido',
  agotado: 'Agotado hoy',
  sinResultados: (texto: string) => `Ningún producto se llama como "${texto}"`,
  claveUsada:
    'Puede que el pedido anterior sí se haya guardado. Revisa tus pedidos antes de guardarlo otra vez.',
  precioCambio: (total: number) =>
    `Los precios cambiaron: el total ahora es ${formatPesos(total)}. Revísalo y guarda otra vez.`,
  errorGenerico: 'No pudimos guardar el pedido. Inténtalo de nuevo.',
  noPublica: (estado: string) =>
    `Tu tienda está "${estado}": el pedido se podrá guardar cuando esté en línea.`,
  pagaConInvalido: 'Escribe con cuánto paga tu cliente, en pesos',
  pagaConMenor: (total: number) =>
    `Paga con debe ser igual o mayor al total (${formatPesos(total)})`,
  celular: 'Celular (opcional)',
  celularPista: 'Sin celular, el pedido se guarda igual y copias el enlace de seguimiento.',
  sinCelular: 'Sin celular: copia el enlace de seguimiento y compártelo con tu cliente.',
} as const;

export function valoresIniciales(tienda: Pick<MiTienda, 'entrega' | 'pagos'>): PedidoManualValues {
  return {
    nombreCompleto: '',
    celular: '',
    tipoEntrega: tiposDeEntregaDe(tienda)[0] ?? 'RECOGER',
    direccion: '',
    referencias: '',
    colonia: '',
    codigoPostal: '',
    metodoPago: metodosDePagoDe(tienda)[0] ?? 'EFECTIVO',
    pagaCon: '',
    nota: '',
  };
}

/** Pickup first (a phone order is most often picked up), then delivery, as the shop offers. */
export function tiposDeEntregaDe(tienda: Pick<MiTienda, 'entrega'>): TipoEntrega[] {
  const entrega = tienda.entrega ?? { recoger: false, domicilio: true };
  const tipos: TipoEntrega[] = [];
  if (entrega.recoger) tipos.push('RECOGER');
  if (entrega.domicilio) tipos.push('DOMICILIO');
  return tipos;
}

/** Cash, card terminal, transfer: those the shop takes. */
export function metodosDePagoDe(tienda: Pick<MiTienda, 'pagos'>): MetodoPago[] {
  const pagos = tienda.pagos ?? { efectivo: true, terminal: false, transferencia: null };
  const metodos: MetodoPago[] = [];
  if (pagos.efectivo) metodos.push('EFECTIVO');
  if (pagos.terminal) metodos.push('TERMINAL');
  if (pagos.transferencia) metodos.push('TRANSFERENCIA');
  return metodos;
}

/** The products an order can hold: active, not deleted, in a category that still exists. */
export function productosALaVenta(tienda: Pick<MiTienda, 'categorias'>): ProductoDeMiTienda[] {
  const productos: ProductoDeMiTienda[] = [];
  for (const c of tienda.categorias) {
    if (c.deleted) continue;
    for (const p of c.productos) if (!p.deleted && p.activarODesactivar) productos.push(p);
  }
  return productos.sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

function sinAcentos(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es').trim();
}

/** Products whose name holds the text, accents and case aside; all of them for no text. */
export function searchProductos(
  productos: readonly ProductoDeMiTienda[],
  texto: string,
): ProductoDeMiTienda[] {
  const aguja = sinAcentos(texto);
  if (aguja === '') return [...productos];
  return productos.filter((p) => sinAcentos(p.name).includes(aguja));
}

/** Whether tapping the product asks for its options first. */
export function hasOpciones(producto: Pick<ProductoDeMiTienda, 'grupos'>): boolean {
  return (producto.grupos ?? []).some((g) => g.opciones.length > 0);
}

let siguienteLinea = 0;

/**
 * Adds `cantidad` of a product with its options and note: one more of the line that has the same
 * three now (its note may have been edited since), or a new line.
 */
export function addLinea(
  lineas: readonly LineaManual[],
  nueva: { productoId: number; opciones: readonly number[]; nota: string | null },
  cantidad = 1,
): LineaManual[] {
  const nota = normalizeNota(nueva.nota);
  const buscada = claveDeLinea({ ...nueva, nota });
  const existente = lineas.find((l) => claveDeLinea(l) === buscada);
  if (existente) {
    return lineas.map((l) =>
      l === existente
        ? { ...l, cantidad: Math.min(CANTIDAD_MAXIMA_POR_LINEA, l.cantidad + cantidad) }
        : l,
    );
  }
  siguienteLinea += 1;
  return [
    ...lineas,
    {
      clave: `linea-${siguienteLinea}`,
      productoId: nueva.productoId,
      opciones: [...nueva.opciones],
      nota,
      cantidad: Math.min(CANTIDAD_MAXIMA_POR_LINEA, cantidad),
    },
  ];
}

/** Sets a line's quantity; 0 drops it. */
export function changeCantidad(
  lineas: readonly LineaManual[],
  clave: string,
  cantidad: number,
): LineaManual[] {
  if (cantidad <= 0) return lineas.filter((l) => l.clave !== clave);
  return lineas.map((l) =>
    l.clave === clave ? { ...l, cantidad: Math.min(CANTIDAD_MAXIMA_POR_LINEA, cantidad) } : l,
  );
}

/** Changes a line's note; the line keeps its place and its key. */
export function changeNota(lineas: readonly LineaManual[], clave: string, nota: string) {
  return lineas.map((l) => (l.clave === clave ? { ...l, nota } : l));
}

/** Each line with its name and price from the catalogue now (prices may change while typing). */
export function lineasConPrecio(
  lineas: readonly LineaManual[],
  productos: readonly ProductoDeMiTienda[],
): LineaManualVista[] {
  const porId = new Map(productos.map((p) => [p.id, p]));
  return lineas.map((l) => {
    const producto = porId.get(l.productoId);
    if (!producto) {
      return {
        ...l,
        nombre: 'Producto',
        textoOpciones: '',
        precio: 0,
        problema: pedidoManualMessages.productoNoDisponible,
      };
    }
    const r = precioDeLinea(producto, l.opciones);
    if (!r.ok) {
      return { ...l, nombre: producto.name, textoOpciones: '', precio: 0, problema: r.message };
    }
    return {
      ...l,
      nombre: producto.name,
      textoOpciones: textoDeOpciones(r.opciones),
      precio: pesosToCentavos(r.precio),
      problema: producto.agotado ? `${producto.name}: ${pedidoManualMessages.agotado}` : undefined,
    };
  });
}

/**
 * Subtotal, shipping (none for pickup) and total, in centavos; `costoDeEnvio` is the shop's flat
 * one or, at a shop with zones, the zone's (pesos).
 */
export function totalesManual(
  lineas: readonly LineaManualVista[],
  tienda: Pick<MiTienda, 'costoDeEnvio'>,
  tipo: TipoEntrega,
) {
  const envio = costoDeEnvioDe(tipo, pesosToCentavos(tienda.costoDeEnvio));
  const { subtotal, total } = computeTotal({ lineas, costoDeEnvio: envio });
  return { subtotal, envio, total };
}

/** The change to bring for cash, in centavos, once the amount typed covers the total. */
export function cambioManual(pagaCon: string, total: number): number | undefined {
  const centavos = parsePagaCon(pagaCon);
  return centavos !== undefined && centavos >= total ? centavos - total : undefined;
}

export type ValidacionManual =
  { ok: true; body: PedidoManualBody } | { ok: false; errores: ErroresManual };

/** Which field a schema issue belongs to, by its path (and, for delivery, its message). */
function campoDeIssue(
  path: readonly PropertyKey[],
  message: string,
  lineas: readonly LineaManual[],
): { campo?: CampoManual; linea?: string } {
  const [raiz, segundo] = path;
  if (raiz === 'cliente') return { campo: segundo === 'celular' ? 'celular' : 'nombreCompleto' };
  if (raiz === 'entrega') {
    if (segundo === 'referencias' || message === pedidoWireMessages.referenciasMax) {
      return { campo: 'referencias' };
    }
    return { campo: segundo === 'tipo' ? 'tipoEntrega' : 'direccion' };
  }
  if (raiz === 'pago') return { campo: segundo === 'metodo' ? 'metodoPago' : 'pagaCon' };
  if (raiz === 'nota') return { campo: 'nota' };
  if (raiz === 'lineas') {
    const linea = typeof segundo === 'number' ? lineas[segundo] : undefined;
    return linea ? { linea: linea.clave } : { campo: 'lineas' };
  }
  return {};
}

/**
 * Every field checked at once with the domain's schema of POST /api/pedido/manual (the first
 * message per field), plus what the schema leaves to the server: a delivery address is required
 * here (a shopper typed in has no account address), the cash amount covers the total, and each
 * line can be ordered as the catalogue is now.
 */
export function validatePedidoManual(
  values: PedidoManualValues,
  lineas: readonly LineaManualVista[],
  total: number,
  /** At a shop with delivery zones: why the zone is not known yet, and what was said of it. */
  zona?: { problema: string | undefined; destino: ReturnType<typeof destinoParaEnviar> },
): ValidacionManual {
  const errores: ErroresManual = { campos: {}, lineas: {} };
  const poner = (campo: CampoManual, message: string) => {
    errores.campos[campo] ??= message;
  };

  const pagaConTexto = values.metodoPago === 'EFECTIVO' ? values.pagaCon.trim() : '';
  const pagaCon = pagaConTexto === '' ? undefined : parsePagaCon(pagaConTexto);
  if (pagaConTexto !== '' && pagaCon === undefined) {
    poner('pagaCon', pedidoManualMessages.pagaConInvalido);
  } else if (pagaCon !== undefined && pagaCon < total && lineas.length > 0) {
    poner('pagaCon', pedidoManualMessages.pagaConMenor(total));
  }
  const domicilio = values.tipoEntrega === 'DOMICILIO';
  if (domicilio && zona?.problema) poner('colonia', zona.problema);
  if (domicilio && values.direccion.trim() === '') {
    poner('direccion', pedidoWireMessages.direccionRequerida);
  }

  const body: PedidoManualBody = {
    lineas: lineas.map((l) => ({
      productoId: l.productoId,
      cantidad: l.cantidad,
      ...(l.opciones.length > 0 ? { opciones: [...l.opciones] } : {}),
      ...(normalizeNota(l.nota) ? { nota: l.nota } : {}),
    })),
    // The phone is optional (the name alone is enough): a blank field sends none.
    cliente: {
      nombreCompleto: values.nombreCompleto,
      // Read as every typed phone is ('+52 1 55 1234 5678' is 5512345678); anything else is
      // refused below by the schema with the registration's message.
      ...(values.celular.trim() === '' ? {} : { celular: cleanCelular(values.celular) }),
    },
    entrega: domicilio
      ? {
          tipo: 'DOMICILIO',
          direccion: values.direccion,
          ...(values.referencias.trim() ? { referencias: values.referencias } : {}),
          ...zona?.destino,
        }
      : { tipo: 'RECOGER' },
    pago: {
      metodo: values.metodoPago,
      ...(pagaCon !== undefined ? { pagaCon: centavosToPesos(pagaCon) } : {}),
    },
    ...(values.nota.trim() ? { nota: values.nota } : {}),
    totalEsperado: centavosToPesos(total),
  };
  const parsed = pedidoManualSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { campo, linea } = campoDeIssue(issue.path, issue.message, lineas);
      if (linea) errores.lineas[linea] ??= issue.message;
      else if (campo) poner(campo, issue.message);
      else errores.general ??= issue.message;
    }
  }
  for (const l of lineas) if (l.problema) errores.lineas[l.clave] ??= l.problema;

  const hayErrores =
    Object.keys(errores.campos).length > 0 ||
    Object.keys(errores.lineas).length > 0 ||
    errores.general !== undefined;
  return hayErrores ? { ok: false, errores } : { ok: true, body };
}

const CODIGOS_DE_LINEA = new Set([
  'PRODUCTO_AGOTADO',
  'PRODUCTO_NO_DISPONIBLE',
  'OPCIONES_INVALIDAS',
]);

/**
 * Where the server's refusal shows: beside the line whose product it names (sold out, no longer
 * on sale, options that no longer fit), beside delivery or payment when the shop stopped
 * offering that one, and at the top otherwise.
 */
export function erroresDelServidor(
  error: unknown,
  lineas: readonly LineaManualVista[],
): ErroresManual {
  if (!(error instanceof ApiError)) {
    return { ...SIN_ERRORES, general: pedidoManualMessages.errorGenerico };
  }
  if (error.code === 'IDEMPOTENCIA_CONFLICTO') {
    return { ...SIN_ERRORES, general: pedidoManualMessages.claveUsada };
  }
  if (CODIGOS_DE_LINEA.has(error.code)) {
    // The longest name the message holds, so 'Taco' doesn't take 'Taco de suadero''s error.
    const linea = [...lineas]
      .sort((a, b) => b.nombre.length - a.nombre.length)
      .find((l) => error.message.includes(l.nombre));
    if (linea) return { campos: {}, lineas: { [linea.clave]: error.message } };
  }
  if (error.code === 'ENTREGA_NO_DISPONIBLE') {
    return { campos: { tipoEntrega: error.message }, lineas: {} };
  }
  if (error.code === 'FUERA_DE_ZONA') {
    return { campos: { colonia: error.message }, lineas: {} };
  }
  if (error.code === 'METODO_NO_DISPONIBLE') {
    return { campos: { metodoPago: error.message }, lineas: {} };
  }
  return { ...SIN_ERRORES, general: error.message || pedidoManualMessages.errorGenerico };
}

/** The order's tracking address, as the shopper opens it from a message. */
export function enlaceDeSeguimiento(origin: string, seguimiento: string): string {
  return `${origin}/pedido/seguimiento/${encodeURIComponent(seguimiento)}`;
}

/** The WhatsApp text sent to the shopper with the tracking link. */
export function textoParaCliente(
  pedido: { id: number; nombreCompleto: string; nombreTienda: string; montoTotal: number },
  enlace: string,
): string {
  const nombre = pedido.nombreCompleto.trim().split(/\s+/)[0] ?? '';
  return (
    `Hola ${nombre}, tu pedido #${pedido.id} en ${pedido.nombreTienda} quedó registrado. ` +
    `Total: ${formatPesos(pesosToCentavos(pedido.montoTotal))}. Síguelo aquí: ${enlace}`
  );
}
