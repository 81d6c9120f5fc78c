import { z } from 'zod';
import { quienActuoSchema } from './personal.schema.js';
import { celularSchema, NOMBRE_COMPLETO_MAX, registroMessages } from './account.schema.js';
import { CANTIDAD_MAXIMA_POR_LINEA } from './carrito.js';
import { TIPOS_EVENTO_PEDIDO } from './eventos-pedido.js';
import { formatPesos, parsePesos } from './money.js';
import {
  GRUPOS_MAX,
  NOMBRE_OPCION_MAX,
  NOTA_LINEA_MAX,
  OPCIONES_POR_GRUPO_MAX,
  PRECIO_EXTRA_MAX_CENTAVOS,
} from './opciones.js';
import { PEDIDO_STATUSES } from './pedidos.js';
import { ID_MAX } from './reglas.js';
import { contactoTiendaSchema, recogerEnSchema } from './tienda-contacto.js';
import {
  pausaAutomaticaSchema,
  programacionSchema,
  programadoParaSchema,
} from './programacion.schema.js';
import { destinoFields, zonaDePedidoSchema, zonasInputSchema } from './zonas.js';

// The second edition's wire shapes (docs/api.md): shop settings, product options, basket lines,
// checkout, guest and owner-typed orders, order life. Written once here; the server uses them as
// request and response schemas (so /docs shows them) and the web app takes its types from them.

const ID_INVALIDO = 'Identificador inválido';

/** A positive integer id as a JSON number. */
export const wireIdSchema = z
  .number({ error: ID_INVALIDO })
  .int(ID_INVALIDO)
  .positive(ID_INVALIDO)
  .max(ID_MAX, ID_INVALIDO);

export const ajustesMessages = {
  entregaVacia: 'Elige al menos una forma de entrega: recoger en la tienda o envío a domicilio',
  pagosVacios: 'Elige al menos una forma de pago',
  clabeLongitud: 'La CLABE debe tener 18 dígitos',
  clabeInvalida:
    'La CLABE no es válida: su último dígito no corresponde a los otros 17; revisa que esté bien copiada',
  bancoLongitud: 'El banco debe tener entre 2 y 40 caracteres',
  titularLongitud: 'El titular debe tener entre 2 y 80 caracteres',
  pausaMinutos: 'La pausa debe ser de 15 a 240 minutos, o 0 para reanudar',
  agotadoBooleano: 'agotado debe ser true o false',
} as const;

export const pedidoWireMessages = {
  direccionRequerida: 'Escribe la dirección de entrega (al menos 5 caracteres)',
  direccionMax: 'La dirección de entrega debe tener máximo 200 caracteres',
  referenciasMax: 'Las referencias deben tener máximo 200 caracteres',
  notaPedidoMax: 'La nota del pedido debe tener máximo 280 caracteres',
  notaLineaMax: `La nota del producto debe tener máximo ${NOTA_LINEA_MAX} caracteres`,
  tipoEntrega: 'Elige recoger en la tienda o envío a domicilio',
  metodoPago: 'Elige cómo vas a pagar: efectivo, transferencia o terminal',
  pagaConInvalido: 'Escribe con cuánto vas a pagar, en pesos',
  pagaConSoloEfectivo: 'Con cuánto pagas solo aplica al pago en efectivo',
  totalEsperadoInvalido: 'El total esperado no es un monto válido',
  cantidadLinea: `La cantidad debe ser de 1 a ${CANTIDAD_MAXIMA_POR_LINEA}`,
  cantidadCarrito: `La cantidad debe ser de 0 a ${CANTIDAD_MAXIMA_POR_LINEA}`,
  lineasVacias: 'Tu pedido no tiene productos',
  lineasMax: 'Tu pedido tiene demasiadas líneas; divídelo en pedidos más pequeños',
  opcionesMax: 'Demasiadas opciones en una línea',
  minutosAceptar: 'El tiempo estimado debe ser de 5 a 180 minutos',
  motivoMax: 'El motivo debe tener máximo 140 caracteres',
  /** `pagaCon` below the order's total (centavos). */
  pagaConMenor: (total: number) =>
    `Con cuánto pagas debe ser igual o mayor al total (${formatPesos(total)})`,
  nombreCompletoMin: registroMessages.nombreCompletoMin,
  nombreCompletoMax: registroMessages.nombreCompletoMax,
} as const;

/** An amount in pesos (JSON number, at most two decimals) as integer centavos. */
function pesosSchema(message: string, max = 99_999_999_99) {
  return z.number({ error: message }).transform((value, ctx) => {
    const centavos = parsePesos(value);
    if (centavos === undefined || centavos > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return centavos;
  });
}

/** Text trimmed (NFC) before its length rule, so spaces never count. */
function textoSchema(min: number, max: number, message: string, maxMessage = message) {
  return z
    .string({ error: message })
    .transform((value) => value.normalize('NFC').trim())
    .pipe(z.string().min(min, message).max(max, maxMessage));
}

function textoOpcional(max: number, message: string) {
  return z
    .string({ error: message })
    .max(max * 4, message)
    .transform((value) => value.normalize('NFC').trim())
    .pipe(z.string().max(max, message))
    .nullish()
    .transform((value) => (value ? value : null));
}

// ---- CLABE ----

const CLABE_PESOS = [3, 7, 1] as const;

/** A CLABE: 18 digits, the last the check digit of the first 17 (weights 3, 7, 1 repeating). */
export function isClabeValida(clabe: string): boolean {
  if (!/^\d{18}$/.test(clabe)) return false;
  let suma = 0;
  for (let i = 0; i < 17; i++) {
    suma += (Number(clabe[i]) * CLABE_PESOS[i % 3]!) % 10;
  }
  return (10 - (suma % 10)) % 10 === Number(clabe[17]);
}

// ---- Shop settings ----

export const entregaTiendaSchema = z
  .object(
    {
      recoger: z.boolean({ error: ajustesMessages.entregaVacia }),
      domicilio: z.boolean({ error: ajustesMessages.entregaVacia }),
    },
    { error: ajustesMessages.entregaVacia },
  )
  .refine((e) => e.recoger || e.domicilio, ajustesMessages.entregaVacia);
export type EntregaTienda = z.output<typeof entregaTiendaSchema>;

export const transferenciaSchema = z.object(
  {
    clabe: z
      .string({ error: ajustesMessages.clabeLongitud })
      .transform((value) => value.replace(/[\s-]/g, ''))
      // What is wrong, so the owner knows what to look at: the length, or the check digit.
      .refine((clabe) => /^\d{18}$/.test(clabe), ajustesMessages.clabeLongitud)
      .refine(isClabeValida, ajustesMessages.clabeInvalida),
    banco: textoSchema(2, 40, ajustesMessages.bancoLongitud),
    titular: textoSchema(2, 80, ajustesMessages.titularLongitud),
  },
  { error: ajustesMessages.clabeLongitud },
);
export type Transferencia = z.output<typeof transferenciaSchema>;

export const pagosTiendaSchema = z
  .object(
    {
      efectivo: z.boolean({ error: ajustesMessages.pagosVacios }),
      terminal: z.boolean({ error: ajustesMessages.pagosVacios }),
      transferencia: transferenciaSchema.nullable(),
    },
    { error: ajustesMessages.pagosVacios },
  )
  .refine((p) => p.efectivo || p.terminal || p.transferencia !== null, ajustesMessages.pagosVacios);
export type PagosTienda = z.output<typeof pagosTiendaSchema>;

/** The extra, optional fields of `updatetienda`. */
export const ajustesTiendaSchema = z.object({
  entrega: entregaTiendaSchema.optional(),
  pagos: pagosTiendaSchema.optional(),
  ...contactoTiendaSchema.shape,
  /** Delivery zones (zonas.ts): left out keeps them, [] removes them. */
  zonas: zonasInputSchema.optional(),
  /** Orders for later (programacion.ts): left out keeps them. */
  programacion: programacionSchema.optional(),
  pausaAutomatica: pausaAutomaticaSchema.optional(),
});

/** `POST /api/tienda/cotizarenvio`: which zone of the shop an address falls in. */
export const cotizarEnvioSchema = z.object({ tiendaId: wireIdSchema, ...destinoFields });
export type CotizarEnvio = z.output<typeof cotizarEnvioSchema>;

export const pausarSchema = z.object({
  minutos: z
    .number({ error: ajustesMessages.pausaMinutos })
    .int(ajustesMessages.pausaMinutos)
    .refine((m) => m === 0 || (m >= 15 && m <= 240), ajustesMessages.pausaMinutos),
});

export const agotarProductoSchema = z.object({
  productoId: wireIdSchema,
  agotado: z.boolean({ error: ajustesMessages.agotadoBooleano }),
});

/** What every shop answer carries about delivery and payment (CLABE only for the owner/admin). */
export const pagosVistaSchema = z.object({
  efectivo: z.boolean(),
  terminal: z.boolean(),
  transferencia: z
    .object({ banco: z.string(), clabe: z.string().optional(), titular: z.string().optional() })
    .nullable(),
});
export type PagosVista = z.output<typeof pagosVistaSchema>;

// ---- Product options ----

export const grupoOpcionesMessages = {
  nombre: `El nombre de cada grupo y opción debe tener de 1 a ${NOMBRE_OPCION_MAX} caracteres`,
  minimo: 'El mínimo de un grupo debe ser 0 o más',
  maximo: 'El máximo de un grupo debe ser 1 o más',
  minimoMayor: (grupo: string) => `En ${grupo}, el mínimo no puede ser mayor que el máximo`,
  maximoOpciones: (grupo: string) =>
    `En ${grupo}, el máximo no puede ser mayor que el número de opciones activas`,
  precioExtra: 'El precio extra debe ser de 0 a 99999.99, con 2 decimales como máximo',
  demasiadosGrupos: `Un producto puede tener máximo ${GRUPOS_MAX} grupos de opciones`,
  demasiadasOpciones: `Un grupo puede tener máximo ${OPCIONES_POR_GRUPO_MAX} opciones`,
  opcionRepetida: (grupo: string, opcion: string) =>
    `La opción ${opcion} está repetida en ${grupo}`,
} as const;

const nombreOpcion = textoSchema(1, NOMBRE_OPCION_MAX, grupoOpcionesMessages.nombre);

export const opcionInputSchema = z.object({
  id: wireIdSchema.optional(),
  nombre: nombreOpcion,
  precioExtra: pesosSchema(grupoOpcionesMessages.precioExtra, PRECIO_EXTRA_MAX_CENTAVOS),
  activo: z.boolean().default(true),
});

export const grupoInputSchema = z
  .object({
    id: wireIdSchema.optional(),
    nombre: nombreOpcion,
    minimo: z
      .number({ error: grupoOpcionesMessages.minimo })
      .int(grupoOpcionesMessages.minimo)
      .min(0, grupoOpcionesMessages.minimo)
      .max(OPCIONES_POR_GRUPO_MAX, grupoOpcionesMessages.minimo),
    maximo: z
      .number({ error: grupoOpcionesMessages.maximo })
      .int(grupoOpcionesMessages.maximo)
      .min(1, grupoOpcionesMessages.maximo)
      .max(OPCIONES_POR_GRUPO_MAX, grupoOpcionesMessages.maximo),
    opciones: z
      .array(opcionInputSchema, { error: grupoOpcionesMessages.demasiadasOpciones })
      .max(OPCIONES_POR_GRUPO_MAX, grupoOpcionesMessages.demasiadasOpciones),
  })
  .superRefine((g, ctx) => {
    if (g.minimo > g.maximo) {
      ctx.addIssue({ code: 'custom', message: grupoOpcionesMessages.minimoMayor(g.nombre) });
      return;
    }
    if (g.maximo > g.opciones.filter((o) => o.activo).length) {
      ctx.addIssue({ code: 'custom', message: grupoOpcionesMessages.maximoOpciones(g.nombre) });
      return;
    }
    const vistos = new Set<string>();
    for (const o of g.opciones) {
      const clave = o.nombre.toLocaleLowerCase('es');
      if (vistos.has(clave)) {
        ctx.addIssue({
          code: 'custom',
          message: grupoOpcionesMessages.opcionRepetida(g.nombre, o.nombre),
        });
        return;
      }
      vistos.add(clave);
    }
  });

/** `grupos` of addproducto / updateproducto: left out keeps them, `[]` removes them all. */
export const gruposInputSchema = z
  .array(grupoInputSchema, { error: grupoOpcionesMessages.demasiadosGrupos })
  .max(GRUPOS_MAX, grupoOpcionesMessages.demasiadosGrupos);
export type GrupoInput = z.output<typeof grupoInputSchema>;
export type GrupoInputBody = z.input<typeof grupoInputSchema>;

export const opcionVistaSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  precioExtra: z.number(),
  activo: z.boolean(),
});
export const grupoVistaSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  minimo: z.number(),
  maximo: z.number(),
  opciones: z.array(opcionVistaSchema),
});
export type GrupoVista = z.output<typeof grupoVistaSchema>;

// ---- Basket lines ----

const opcionIdsSchema = z
  .array(wireIdSchema, { error: pedidoWireMessages.opcionesMax })
  .max(GRUPOS_MAX * OPCIONES_POR_GRUPO_MAX, pedidoWireMessages.opcionesMax);

const notaLinea = textoOpcional(NOTA_LINEA_MAX, pedidoWireMessages.notaLineaMax);

export const addItemSchema = z.object({
  productoId: wireIdSchema,
  opciones: opcionIdsSchema.optional(),
  nota: notaLinea,
});

export const cantidadLineaSchema = z.object({
  shoppingCartId: wireIdSchema,
  cantidad: z
    .number({ error: pedidoWireMessages.cantidadCarrito })
    .int(pedidoWireMessages.cantidadCarrito)
    .min(0, pedidoWireMessages.cantidadCarrito)
    .max(CANTIDAD_MAXIMA_POR_LINEA, pedidoWireMessages.cantidadCarrito),
});

/** An option as a basket or order line answers it (pesos). */
export const opcionElegidaVistaSchema = z.object({
  id: z.number(),
  grupo: z.string(),
  nombre: z.string(),
  precioExtra: z.number(),
});
export type OpcionElegidaVista = z.output<typeof opcionElegidaVistaSchema>;

export const carritoItemSchema = z.object({
  productoId: z.number(),
  nombreProducto: z.string(),
  /** Unit price with its options, pesos. */
  precio: z.number(),
  cantidad: z.number(),
  imageurl: z.string(),
  shoppingCartId: z.number(),
  tiendaId: z.number(),
  loginId: z.number(),
  disponible: z.boolean(),
  opciones: z.array(opcionElegidaVistaSchema),
  nota: z.string().nullable(),
});
export type CarritoItem = z.output<typeof carritoItemSchema>;

export const carritoGrupoSchema = z.object({
  tiendaId: z.number(),
  nombreTienda: z.string(),
  usuarioTienda: z.string(),
  celularTienda: z.string(),
  montoMinimo: z.number(),
  costoDeEnvio: z.number(),
  subtotal: z.number(),
  entrega: entregaTiendaSchema,
  pagos: pagosVistaSchema,
  abierta: z.boolean(),
  mensajeCerrada: z.string().nullable(),
  listOfShoppingCartMarketStore: z.array(carritoItemSchema),
});
export type CarritoGrupo = z.output<typeof carritoGrupoSchema>;
export const carritoSchema = z.array(carritoGrupoSchema);

// ---- Checkout ----

export const TIPOS_ENTREGA = ['DOMICILIO', 'RECOGER'] as const;
export type TipoEntrega = (typeof TIPOS_ENTREGA)[number];
export const METODOS_PAGO = ['EFECTIVO', 'TRANSFERENCIA', 'TERMINAL'] as const;
export type MetodoPago = (typeof METODOS_PAGO)[number];

// The order forms' fields stop at these (maxLength); the customer's name at NOMBRE_COMPLETO_MAX.
/** An order's delivery address, at most. */
export const DIRECCION_PEDIDO_MAX = 200;
const DIRECCION_PEDIDO_MIN = 5;
export const REFERENCIAS_MAX = 200;
/** The note to the shop for the whole order, at most. */
export const NOTA_PEDIDO_MAX = 280;

export const entregaPedidoSchema = z
  .object({
    tipo: z.enum(TIPOS_ENTREGA, { error: pedidoWireMessages.tipoEntrega }),
    direccion: z
      .string({ error: pedidoWireMessages.direccionRequerida })
      .max(DIRECCION_PEDIDO_MAX * 4, pedidoWireMessages.direccionMax)
      .transform((value) => value.normalize('NFC').trim())
      .nullish(),
    referencias: textoOpcional(REFERENCIAS_MAX, pedidoWireMessages.referenciasMax),
    // Where the address falls, for a shop's delivery zones (zonas.ts).
    ...destinoFields,
  })
  .superRefine((e, ctx) => {
    if (e.direccion && e.direccion.length > DIRECCION_PEDIDO_MAX) {
      ctx.addIssue({ code: 'custom', message: pedidoWireMessages.direccionMax });
    } else if (e.direccion && e.direccion.length < DIRECCION_PEDIDO_MIN) {
      ctx.addIssue({ code: 'custom', message: pedidoWireMessages.direccionRequerida });
    }
  });
export type EntregaPedidoInput = z.output<typeof entregaPedidoSchema>;

export const pagoPedidoSchema = z
  .object({
    metodo: z.enum(METODOS_PAGO, { error: pedidoWireMessages.metodoPago }),
    pagaCon: pesosSchema(pedidoWireMessages.pagaConInvalido).nullish(),
  })
  .refine(
    (p) => p.pagaCon === undefined || p.pagaCon === null || p.metodo === 'EFECTIVO',
    pedidoWireMessages.pagaConSoloEfectivo,
  );
export type PagoPedidoInput = z.output<typeof pagoPedidoSchema>;

export const clientePedidoSchema = z.object({
  nombreCompleto: textoSchema(
    2,
    NOMBRE_COMPLETO_MAX,
    pedidoWireMessages.nombreCompletoMin,
    pedidoWireMessages.nombreCompletoMax,
  ),
  celular: celularSchema,
});
export type ClientePedido = z.output<typeof clientePedidoSchema>;

/** The optional fields shared by `proccesscart` and the guest and manual orders. */
export const checkoutFields = {
  entrega: entregaPedidoSchema.optional(),
  pago: pagoPedidoSchema.optional(),
  nota: textoOpcional(NOTA_PEDIDO_MAX, pedidoWireMessages.notaPedidoMax),
  cliente: clientePedidoSchema.optional(),
  totalEsperado: pesosSchema(pedidoWireMessages.totalEsperadoInvalido).optional(),
  /** The `inicio` of an available slot (programacion.ts); left out: as soon as possible. */
  programadoPara: programadoParaSchema.optional(),
};

export const procesarCarritoSchema = z.object({
  tiendaId: wireIdSchema,
  ...checkoutFields,
});
export type ProcesarCarrito = z.output<typeof procesarCarritoSchema>;
export type ProcesarCarritoBody = z.input<typeof procesarCarritoSchema>;

export const lineaPedidoSchema = z.object({
  productoId: wireIdSchema,
  cantidad: z
    .number({ error: pedidoWireMessages.cantidadLinea })
    .int(pedidoWireMessages.cantidadLinea)
    .min(1, pedidoWireMessages.cantidadLinea)
    .max(CANTIDAD_MAXIMA_POR_LINEA, pedidoWireMessages.cantidadLinea),
  opciones: opcionIdsSchema.optional(),
  nota: notaLinea,
});
export type LineaPedidoInput = z.output<typeof lineaPedidoSchema>;

const pedidoDirectoFields = {
  lineas: z
    .array(lineaPedidoSchema, { error: pedidoWireMessages.lineasVacias })
    .min(1, pedidoWireMessages.lineasVacias)
    .max(100, pedidoWireMessages.lineasMax),
  cliente: clientePedidoSchema,
  entrega: entregaPedidoSchema,
  pago: pagoPedidoSchema,
  nota: checkoutFields.nota,
  totalEsperado: checkoutFields.totalEsperado,
  programadoPara: checkoutFields.programadoPara,
};

/** `POST /api/pedido/invitado`: an order without an account. */
export const pedidoInvitadoSchema = z.object({ tiendaId: wireIdSchema, ...pedidoDirectoFields });
export type PedidoInvitado = z.output<typeof pedidoInvitadoSchema>;
export type PedidoInvitadoBody = z.input<typeof pedidoInvitadoSchema>;

/**
 * The customer of an order the owner types: the name alone is enough (docs/api.md, "Manual
 * orders without a phone").
 */
export const clienteManualSchema = clientePedidoSchema.extend({
  celular: celularSchema.optional(),
});

/** `POST /api/pedido/manual`: an order the owner types for a shopper who called or wrote by WhatsApp. */
export const pedidoManualSchema = z.object({
  ...pedidoDirectoFields,
  cliente: clienteManualSchema,
});
export type PedidoManual = z.output<typeof pedidoManualSchema>;
export type PedidoManualBody = z.input<typeof pedidoManualSchema>;

// ---- Order life ----

/**
 * `minutos` may be left out for a scheduled order only: it is then ready at its `programadoPara`
 * (the server answers 400 for an order placed for now).
 */
export const aceptarPedidoSchema = z.object({
  pedidoId: wireIdSchema,
  minutos: z
    .number({ error: pedidoWireMessages.minutosAceptar })
    .int(pedidoWireMessages.minutosAceptar)
    .min(5, pedidoWireMessages.minutosAceptar)
    .max(180, pedidoWireMessages.minutosAceptar)
    .optional(),
});

export const cancelarPedidoSchema = z.object({
  pedidoId: wireIdSchema,
  motivo: textoOpcional(140, pedidoWireMessages.motivoMax),
});

export const pedidoIdSchema = z.object({ pedidoId: wireIdSchema });

/** Quick choices of the owner's "Aceptar" (minutes until ready). */
export const MINUTOS_RAPIDOS = [10, 15, 20, 30, 45] as const;

export const ORIGENES_PEDIDO = ['WEB', 'MANUAL'] as const;

export const pedidoDetalleSchema = z.object({
  productoId: z.number(),
  nombreProducto: z.string(),
  imagenProducto: z.string(),
  cantidad: z.number(),
  /** Unit price with its options, pesos, as ordered. */
  precio: z.number(),
  opciones: z.array(opcionElegidaVistaSchema),
  nota: z.string().nullable(),
});
export type PedidoDetalle = z.output<typeof pedidoDetalleSchema>;

export const pedidoVistaSchema = z.object({
  id: z.number(),
  tiendaId: z.number(),
  usuarioId: z.number().nullable(),
  status: z.string(),
  fecha: z.string(),
  cantidadDeArticulos: z.number(),
  montoTotal: z.number(),
  costoDeEnvio: z.number(),
  nombreTienda: z.string(),
  usuarioTienda: z.string(),
  tiendaImageUrl: z.string(),
  celularTienda: z.string(),
  nombreCompleto: z.string(),
  celular: z.string(),
  direccionEntrega: z.string(),
  entrega: z.object({
    tipo: z.enum(TIPOS_ENTREGA),
    direccion: z.string().nullable(),
    referencias: z.string().nullable(),
    /** What the customer sent of where the address falls (null when nothing). */
    colonia: z.string().nullable(),
    codigoPostal: z.string().nullable(),
    ubicacion: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    /** The delivery zone charged, as it was at the time of the order; null without zones. */
    zona: zonaDePedidoSchema.nullable(),
  }),
  pago: z.object({
    metodo: z.enum(METODOS_PAGO),
    pagaCon: z.number().nullable(),
    cambio: z.number().nullable(),
    referencia: z.string().nullable(),
    pagado: z.boolean(),
    clabe: z.string().optional(),
    banco: z.string().optional(),
    titular: z.string().optional(),
  }),
  nota: z.string().nullable(),
  invitado: z.boolean(),
  origen: z.enum(ORIGENES_PEDIDO),
  aceptadoEn: z.string().nullable(),
  listoEstimado: z.string().nullable(),
  /** The slot's start (ISO instant) of an order for later; null for one placed for now. */
  programadoPara: z.string().nullable(),
  motivoCancelacion: z.string().nullable(),
  escalado: z.boolean(),
  vistoEn: z.string().nullable(),
  /** When the kitchen marked it ready (LISTO), or null. */
  listoEn: z.string().nullable(),
  /** Who accepted, marked ready, completed or cancelled it (docs/api.md, "Staff and the kitchen"). */
  aceptadoPor: quienActuoSchema,
  listoPor: quienActuoSchema,
  completadoPor: quienActuoSchema,
  canceladoPor: quienActuoSchema,
  pedidoDetalles: z.array(pedidoDetalleSchema),
  /**
   * The shopper's and the guest's answers only: where a pickup order is collected (null for
   * delivery). The owner's answers leave it out.
   */
  recogerEn: recogerEnSchema.nullable().optional(),
});
export type PedidoVista = z.output<typeof pedidoVistaSchema>;

export const pedidoConSeguimientoSchema = z.object({
  pedido: pedidoVistaSchema,
  seguimiento: z.string(),
});
export type PedidoConSeguimiento = z.output<typeof pedidoConSeguimientoSchema>;

/** The shopper's and the owner's order lists. */
export const pedidoListaSchema = z.array(pedidoVistaSchema);

/** `listarpedidosbytiendaid`: the owner's list filters (docs/api.md, "Order life"). */
export const pedidosTiendaQuerySchema = z
  .object({
    token: z.string().optional(),
    status: z.enum(PEDIDO_STATUSES, { error: 'Estado inválido' }).optional(),
    /** NUEVO, ACEPTADO and LISTO together: the owner's active tab. */
    activos: z.boolean({ error: 'activos debe ser true o false' }).optional(),
    sinAtender: z.boolean({ error: 'sinAtender debe ser true o false' }).optional(),
    desde: z.number().int().min(0).max(ID_MAX).optional(),
    antes: z.number().int().positive().max(ID_MAX).optional(),
    limite: z.number().int().min(1).max(1000).optional(),
  })
  .nullish();
export type PedidosTiendaQuery = z.input<typeof pedidosTiendaQuerySchema>;

const IDEMPOTENCY_KEY_MAX = 200;

/** `POST /api/pedido/invitado`: the Idempotency-Key header is required there. */
export const idempotencyKeyRequiredHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: 'Falta el encabezado Idempotency-Key' })
    .min(1, 'Falta el encabezado Idempotency-Key')
    .max(IDEMPOTENCY_KEY_MAX, 'El encabezado Idempotency-Key es demasiado largo'),
});

/** `proccesscart` and `POST /api/pedido/manual`: an optional Idempotency-Key header. */
export const idempotencyKeyHeadersSchema = z.object({
  'idempotency-key': z.string().min(1).max(IDEMPOTENCY_KEY_MAX).optional(),
});

/** A tracking secret as a path segment: base64url, bounded. */
export const seguimientoParamsSchema = z.object({
  seguimiento: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'La clave de seguimiento no es válida'),
});

// ---- Live order events (Server-Sent Events) ----

/**
 * A live stream's query: EventSource can't send headers, so the token may come here (it is kept
 * out of logs), and `lastEventId` stands in for the Last-Event-ID header.
 */
export const pedidoStreamQuerySchema = z.object({
  token: z.string().max(4096).optional(),
  lastEventId: z.coerce.number().int().min(0).max(ID_MAX).optional(),
});

/** The `data:` of each `event: pedido` (JSON): what changed and the order as it is now. */
export const pedidoEventoDataSchema = z.object({
  /**
   * NUEVO, ACEPTADO, LISTO, COMPLETADO, CANCELADO, or VISTO / PAGADO / ESCALADO (not a status):
   * TIPOS_EVENTO_PEDIDO.
   */
  tipo: z.enum(TIPOS_EVENTO_PEDIDO),
  /** Left out when the order no longer exists. */
  pedido: pedidoVistaSchema.optional(),
  /**
   * On a shopper's or a guest's stream, a LISTO event's words for them: '¡Tu pedido está listo
   * para recoger!' or 'Tu pedido va en camino' (textoPedidoListo). Absent otherwise.
   */
  mensaje: z.string().optional(),
});
export type PedidoEventoData = z.output<typeof pedidoEventoDataSchema>;

/**
 * The live streams' answer as /docs shows it: `text/event-stream`, a `retry:` line, then
 * `id:` / `event: pedido` / `data:` blocks (pedidoEventoDataSchema) and `: ping` heartbeats.
 */
export const pedidoEventStreamResponse = {
  description: 'Server-Sent Events: bloques id / event: pedido / data (JSON {tipo, pedido})',
  content: {
    'text/event-stream': {
      schema: z
        .string()
        .describe('retry: 3000, luego bloques "id: N", "event: pedido", "data: {tipo, pedido}"'),
    },
  },
};

/** 409 PRECIO_CAMBIO carries the new total. */
export const precioCambioSchema = z.object({
  code: z.literal('PRECIO_CAMBIO'),
  message: z.string(),
  montoTotal: z.number(),
});
