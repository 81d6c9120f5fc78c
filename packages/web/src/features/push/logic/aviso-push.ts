/**
 * What the service worker shows for a Web Push message (src/sw.ts). Pure, so it is tested
 * beside the app's code: the worker itself only runs in a browser.
 *
 * The server sends JSON: to an owner `{tipo: 'PEDIDO_NUEVO', pedidoId, tiendaId, montoTotal,
 * titulo, cuerpo, url}` or, when the shop paused itself, `{tipo: 'TIENDA_PAUSADA', tiendaId,
 * pedidosSinAceptar, pausadoHasta, titulo, cuerpo, url}`, to a shopper or guest `{tipo:
 * 'PEDIDO_ESTADO', pedidoId, status, listoEstimado, titulo, cuerpo, url}` (status LISTO: the
 * order is ready, titled '¡Tu pedido está listo para recoger!' or 'Tu pedido va en camino').
 * Anything else (an empty push, text, a later version's
 * shape this worker does not know) still shows a notification: a push with `userVisibleOnly`
 * that shows none is one the browser may answer with its own generic notice, and, in Chrome,
 * count against the site.
 */

export const ICONO_AVISO = '/icons/icon-192.png';
/** The monochrome silhouette Android shows in the status bar. */
export const INSIGNIA_AVISO = '/icons/badge-96.png';

export const AVISO_GENERICO = {
  titulo: 'Tianguis',
  cuerpo: 'Tienes un aviso nuevo. Ábrelo para ver los detalles.',
};

export type TipoAviso = 'PEDIDO_NUEVO' | 'PEDIDO_ESTADO' | 'TIENDA_PAUSADA' | 'OTRO';

const TIPOS_CONOCIDOS: readonly string[] = ['PEDIDO_NUEVO', 'PEDIDO_ESTADO', 'TIENDA_PAUSADA'];

export interface AvisoPush {
  titulo: string;
  tipo: TipoAviso;
  opciones: {
    body: string;
    /** One notification per order: a later message about it replaces the earlier one. */
    tag?: string;
    /** The replacement sounds and vibrates again (a tag alone would replace it silently). */
    renotify?: boolean;
    /** A new order stays on screen until the owner acts on it. */
    requireInteraction: boolean;
    icon: string;
    badge: string;
    lang: string;
    vibrate?: number[];
    data: { url: string; tipo: TipoAviso };
  };
}

/**
 * A same-origin address of the app for `url`, or the app's start. The payload comes from our
 * server, but a click must never take the person to another site whatever a message says.
 */
export function urlDelAviso(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url === '') return '/';
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin !== origin) return '/';
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return '/';
  }
}

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, max);
}

/** The notification for a push message's text (`undefined`: a push without data). */
export function avisoDesdeMensaje(data: string | undefined, origin: string): AvisoPush {
  let payload: unknown;
  try {
    payload = data === undefined ? undefined : JSON.parse(data);
  } catch {
    payload = undefined;
  }
  const mensaje = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<
    string,
    unknown
  >;
  const tipo =
    typeof mensaje.tipo === 'string' && TIPOS_CONOCIDOS.includes(mensaje.tipo)
      ? (mensaje.tipo as TipoAviso)
      : 'OTRO';
  const titulo = tipo === 'OTRO' ? undefined : text(mensaje.titulo, 120);
  const cuerpo = tipo === 'OTRO' ? undefined : text(mensaje.cuerpo, 400);
  const pedidoId =
    typeof mensaje.pedidoId === 'number' && Number.isSafeInteger(mensaje.pedidoId)
      ? mensaje.pedidoId
      : undefined;
  const nuevo = tipo === 'PEDIDO_NUEVO';
  // A ready order is the one change a shopper acts on at once (go for it, or watch the door):
  // it buzzes like a new order does for the shop, without staying on screen.
  const listo = tipo === 'PEDIDO_ESTADO' && mensaje.status === 'LISTO';
  return {
    titulo: titulo ?? AVISO_GENERICO.titulo,
    tipo,
    opciones: {
      body: cuerpo ?? AVISO_GENERICO.cuerpo,
      ...(pedidoId !== undefined && tipo !== 'OTRO'
        ? { tag: `pedido-${pedidoId}`, renotify: true }
        : {}),
      // One notice of the shop's own pause: a later one replaces it.
      ...(tipo === 'TIENDA_PAUSADA' ? { tag: 'tienda-pausada', renotify: true } : {}),
      requireInteraction: nuevo,
      icon: ICONO_AVISO,
      badge: INSIGNIA_AVISO,
      lang: 'es-MX',
      ...(nuevo ? { vibrate: [300, 120, 300, 120, 300] } : {}),
      ...(listo ? { vibrate: [200, 100, 200] } : {}),
      data: { url: tipo === 'OTRO' ? '/' : urlDelAviso(mensaje.url, origin), tipo },
    },
  };
}
