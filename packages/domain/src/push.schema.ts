import { z } from 'zod';
import { horaLocal } from './horario.js';
import { centavosToPesos, formatPesos } from './money.js';
import { textoPedidoListo } from './personal.js';
import { paraLas, programacionMessages } from './programacion.js';

// Web Push (docs/alerts.md): what a browser's PushSubscription must look like to be kept, which
// push services it may point at, and the messages the server sends to it.

/** Push services' endpoints are long URLs; anything beyond this is not one. */
export const PUSH_ENDPOINT_MAX = 1024;
/** An uncompressed P-256 point: 0x04, then x and y (32 bytes each). */
export const P256DH_BYTES = 65;
/** The subscription's authentication secret (RFC 8291). */
export const AUTH_BYTES = 16;

export const pushMessages = {
  endpoint: 'La dirección de la suscripción no es una URL válida',
  endpointLargo: `La dirección de la suscripción no debe pasar de ${PUSH_ENDPOINT_MAX} caracteres`,
  endpointOrigen: 'La dirección de la suscripción no es de un servicio de notificaciones permitido',
  p256dh: 'La clave p256dh no es una clave pública P-256 válida',
  auth: `La clave auth debe ser de ${AUTH_BYTES} bytes en base64url`,
  seguimiento: 'La clave de seguimiento no es válida',
  faltanClaves: 'Faltan las claves de la suscripción (keys.p256dh y keys.auth)',
} as const;

// ---- base64url ----

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Bytes of a base64url text (padding optional, as browsers send it without), or undefined when
 * it is not base64url. Written here because the browser and the server both read it.
 */
export function decodeBase64Url(text: string): Uint8Array | undefined {
  if (!BASE64URL.test(text)) return undefined;
  const data = text.replace(/=+$/, '');
  if (data.length % 4 === 1) return undefined;
  const bytes = new Uint8Array(Math.floor((data.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (const char of data) {
    buffer = (buffer << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 0xff;
    }
  }
  // Leftover bits must be zero, or two texts would name the same bytes.
  if ((buffer & ((1 << bits) - 1)) !== 0) return undefined;
  return bytes;
}

// ---- Allowed push services ----

const ORIGIN_PATTERN = /^(https?):\/\/(\[[0-9a-fA-F:.]+\]|[^/:[\]@]+)(?::(\d{1,5}|\*))?$/;

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Whether an endpoint's origin is one of `patterns` (`scheme://host[:port]`). In a pattern `*`
 * stands for exactly one host label (`https://*.push.apple.com`) or for any port
 * (`http://127.0.0.1:*`). A pattern without a port allows only the scheme's default port. An
 * endpoint with a user name or password matches nothing.
 */
export function matchesPushOrigin(endpoint: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : url.port;
  const labels = url.hostname.toLowerCase().split('.');
  return patterns.some((pattern) => {
    const match = ORIGIN_PATTERN.exec(pattern.trim());
    if (!match) return false;
    const [, scheme, host = '', patternPort] = match;
    if (`${scheme}:` !== url.protocol) return false;
    if (patternPort !== '*' && (patternPort ?? DEFAULT_PORTS[url.protocol]) !== port) return false;
    const wanted = host.toLowerCase().split('.');
    return (
      wanted.length === labels.length &&
      wanted.every((label, i) => (label === '*' ? labels[i] !== '' : label === labels[i]))
    );
  });
}

// ---- Requests ----

export interface PushSchemaOptions {
  /** PUSH_ORIGINS: where an endpoint may point. */
  origins: readonly string[];
  /**
   * Whether 65 bytes are a point on the P-256 curve. The server passes a check made with its
   * crypto library; without it only the form (length and the 0x04 prefix) is checked.
   */
  isP256Point?: (bytes: Uint8Array) => boolean;
}

const seguimientoSchema = z
  .string({ error: pushMessages.seguimiento })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, pushMessages.seguimiento);

function endpointSchema(origins: readonly string[] | undefined) {
  return z
    .string({ error: pushMessages.endpoint })
    .max(PUSH_ENDPOINT_MAX, pushMessages.endpointLargo)
    .refine((value) => URL.canParse(value), pushMessages.endpoint)
    .refine(
      (value) => origins === undefined || matchesPushOrigin(value, origins),
      pushMessages.endpointOrigen,
    );
}

/** `POST /api/push/suscribir`: the browser's PushSubscription JSON, plus a guest's seguimiento. */
export function createPushSuscripcionSchema(options: PushSchemaOptions) {
  const isPoint = options.isP256Point ?? (() => true);
  return z.object({
    endpoint: endpointSchema(options.origins),
    keys: z.object(
      {
        p256dh: z.string({ error: pushMessages.p256dh }).refine((text) => {
          const bytes = decodeBase64Url(text);
          return bytes?.length === P256DH_BYTES && bytes[0] === 0x04 && isPoint(bytes);
        }, pushMessages.p256dh),
        auth: z
          .string({ error: pushMessages.auth })
          .refine((text) => decodeBase64Url(text)?.length === AUTH_BYTES, pushMessages.auth),
      },
      { error: pushMessages.faltanClaves },
    ),
    // Browsers add expirationTime to the JSON; it is accepted and not kept.
    expirationTime: z.number().nullish(),
    seguimiento: seguimientoSchema.optional(),
  });
}

export type PushSuscripcion = z.infer<ReturnType<typeof createPushSuscripcionSchema>>;

/** `POST /api/push/desuscribir`: which subscription to forget (any origin: it may be old). */
export const pushDesuscripcionSchema = z.object({
  endpoint: z
    .string({ error: pushMessages.endpoint })
    .min(1, pushMessages.endpoint)
    .max(PUSH_ENDPOINT_MAX, pushMessages.endpointLargo),
  seguimiento: seguimientoSchema.optional(),
});

export const pushClavePublicaSchema = z.object({
  /** The VAPID public key: base64url of an uncompressed P-256 point. */
  publicKey: z.string(),
});

// ---- Messages (the decrypted payloads) ----

export const alertaPedidoNuevoSchema = z.object({
  tipo: z.literal('PEDIDO_NUEVO'),
  pedidoId: z.number().int(),
  tiendaId: z.number().int(),
  /** Pesos, like every amount on the wire. */
  montoTotal: z.number(),
  titulo: z.string(),
  cuerpo: z.string(),
  /** The web app's address of the order, relative to the site (a path such as `/pedidosdetalle?id=12`). */
  url: z.string(),
});

export const alertaPedidoEstadoSchema = z.object({
  tipo: z.literal('PEDIDO_ESTADO'),
  pedidoId: z.number().int(),
  status: z.enum(['ACEPTADO', 'LISTO', 'COMPLETADO', 'CANCELADO']),
  /** ISO instant the shop expects it ready (accepted orders), else null. */
  listoEstimado: z.string().nullable(),
  titulo: z.string(),
  cuerpo: z.string(),
  url: z.string(),
});

/** To the owner: the shop paused itself (docs/api.md, "Orders for later", automatic pause). */
export const alertaTiendaPausadaSchema = z.object({
  tipo: z.literal('TIENDA_PAUSADA'),
  tiendaId: z.number().int(),
  /** The orders waiting that made it pause (N in the text). */
  pedidosSinAceptar: z.number().int(),
  /** ISO instant the pause ends. */
  pausadoHasta: z.string(),
  titulo: z.string(),
  cuerpo: z.string(),
  url: z.string(),
});

export const alertaPushSchema = z.discriminatedUnion('tipo', [
  alertaPedidoNuevoSchema,
  alertaPedidoEstadoSchema,
  alertaTiendaPausadaSchema,
]);

export type AlertaPedidoNuevo = z.infer<typeof alertaPedidoNuevoSchema>;
export type AlertaPedidoEstado = z.infer<typeof alertaPedidoEstadoSchema>;
export type AlertaTiendaPausada = z.infer<typeof alertaTiendaPausadaSchema>;
export type AlertaPush = z.infer<typeof alertaPushSchema>;
export type StatusAlertado = AlertaPedidoEstado['status'];

/** The statuses a shopper hears about. */
export const STATUSES_ALERTADOS: readonly StatusAlertado[] = [
  'ACEPTADO',
  'LISTO',
  'COMPLETADO',
  'CANCELADO',
];

export function isStatusAlertado(status: string): status is StatusAlertado {
  return (STATUSES_ALERTADOS as readonly string[]).includes(status);
}

/** Where each reader opens an order in the web app (path URLs). */
export const urlsDeAlerta = {
  tienda: (pedidoId: number) => `/pedidosdetalle?id=${pedidoId}`,
  comprador: (pedidoId: number) => `/mispedidosdetalle?id=${pedidoId}`,
  invitado: (seguimiento: string) => `/pedido/seguimiento/${encodeURIComponent(seguimiento)}`,
};

/** A notification shows a line or two: long names and reasons are cut with an ellipsis. */
function recortar(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

export interface PedidoParaAlerta {
  id: number;
  tiendaId: number;
  /** Centavos. */
  montoTotal: number;
  nombreCompleto: string;
  entregaTipo: string;
  /** An order for later: its slot's start and the shop's time zone, to say when it is for. */
  programado?: { readonly para: string; readonly timeZone: string } | null;
}

/**
 * The owner's message for a new order: "Nuevo pedido #12", "$ 245.00 · Ana · A domicilio", and
 * for an order for later when it is for ("… · Para mañana a las 14:00", on the shop's clock).
 */
export function buildAlertaPedidoNuevo(
  pedido: PedidoParaAlerta,
  url: string,
  now: Date,
): AlertaPedidoNuevo {
  const entrega = pedido.entregaTipo === 'RECOGER' ? 'Recoger en tienda' : 'A domicilio';
  const partes = [formatPesos(pedido.montoTotal), recortar(pedido.nombreCompleto, 60), entrega];
  if (pedido.programado) {
    partes.push(paraLas(pedido.programado.para, now, pedido.programado.timeZone));
  }
  return {
    tipo: 'PEDIDO_NUEVO',
    pedidoId: pedido.id,
    tiendaId: pedido.tiendaId,
    montoTotal: centavosToPesos(pedido.montoTotal),
    titulo: `Nuevo pedido #${pedido.id}`,
    cuerpo: partes.filter((p) => p !== '').join(' · '),
    url,
  };
}

export interface CambioParaAlerta {
  id: number;
  status: StatusAlertado;
  listoEstimado: string | null;
  motivoCancelacion: string | null;
  nombreTienda: string;
  /** RECOGER or DOMICILIO: a ready order is to be picked up, or is on its way. */
  entregaTipo: string;
}

/**
 * The shopper's message for a change of status. The ready time reads on the shop's wall clock
 * (`timeZone`): the shopper goes to that shop.
 */
export function buildAlertaPedidoEstado(
  cambio: CambioParaAlerta,
  timeZone: string,
  url: string,
): AlertaPedidoEstado {
  const tienda = recortar(cambio.nombreTienda, 60);
  let titulo: string;
  let cuerpo: string;
  switch (cambio.status) {
    case 'ACEPTADO': {
      titulo = `Tu pedido #${cambio.id} fue aceptado`;
      const listo = cambio.listoEstimado === null ? undefined : new Date(cambio.listoEstimado);
      cuerpo =
        listo && !Number.isNaN(listo.getTime())
          ? `Listo a las ${horaLocal(listo, timeZone)} · ${tienda}`
          : `${tienda} ya lo está preparando`;
      break;
    }
    case 'LISTO':
      titulo = textoPedidoListo(cambio.entregaTipo);
      cuerpo = `Pedido #${cambio.id} · ${tienda}`;
      break;
    case 'COMPLETADO':
      titulo = `Tu pedido #${cambio.id} fue completado`;
      cuerpo = `Gracias por tu compra en ${tienda}`;
      break;
    case 'CANCELADO': {
      titulo = `Tu pedido #${cambio.id} fue cancelado`;
      const motivo = recortar(cambio.motivoCancelacion ?? '', 200);
      cuerpo = motivo === '' ? `${tienda} canceló tu pedido` : `Motivo: ${motivo}`;
      break;
    }
  }
  return {
    tipo: 'PEDIDO_ESTADO',
    pedidoId: cambio.id,
    status: cambio.status,
    listoEstimado: cambio.listoEstimado,
    titulo,
    cuerpo,
    url,
  };
}

/** The owner's message when the shop paused itself; it opens the orders board. */
export function buildAlertaTiendaPausada(pausa: {
  tiendaId: number;
  pedidosSinAceptar: number;
  pausadoHasta: string;
}): AlertaTiendaPausada {
  return {
    tipo: 'TIENDA_PAUSADA',
    tiendaId: pausa.tiendaId,
    pedidosSinAceptar: pausa.pedidosSinAceptar,
    pausadoHasta: pausa.pausadoHasta,
    titulo: programacionMessages.pausaAutomaticaTitulo,
    cuerpo: programacionMessages.pausaAutomaticaAviso(pausa.pedidosSinAceptar),
    url: '/pedidos',
  };
}

// ---- Answers ----

/** `POST /api/push/suscribir` (201): the endpoint kept. */
export const pushSuscritoSchema = z.object({ endpoint: z.string() });

/** `POST /api/push/desuscribir`: whether there was a subscription to forget. */
export const pushDesuscritoSchema = z.object({ eliminada: z.boolean() });
