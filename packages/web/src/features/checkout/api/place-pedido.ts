import type {
  PedidoConSeguimiento,
  PedidoInvitadoBody,
  ProcesarCarritoBody,
} from '@tianguis/domain';
import { api } from '../../../lib/api';
import { invalidateQueries, setQueryData } from '../../../lib/query';
import { carritoKey } from '../../carrito';
import { misPedidosKey } from '../../pedidos';
import { seguimientoKey, saveSeguimiento } from '../../seguimiento';

/** How an order goes to the server; tests hand in their own to watch the calls. */
export interface CheckoutEnvio {
  /** Signed-in shopper: the server cart's basket of `tiendaId` becomes the order. */
  conCuenta(body: ProcesarCarritoBody, idempotencyKey: string): Promise<{ pedidoId?: number }>;
  /** No account: the lines travel in the body; the answer holds the tracking secret. */
  invitado(body: PedidoInvitadoBody, idempotencyKey: string): Promise<PedidoConSeguimiento>;
}

/**
 * An order's POST with its attempt's Idempotency-Key: sent again after a lost answer, the same
 * key makes no second order (docs/api.md).
 */
export function postPedido<T>(
  path: string,
  body: unknown,
  idempotencyKey: string,
  onResponse?: (response: Response) => void,
): Promise<T> {
  return api<T>(path, { body, headers: { 'Idempotency-Key': idempotencyKey }, onResponse });
}

/** `proccesscart`: answers the cart without that basket and the order's id in X-Pedido-Id. */
export async function processCarrito(
  body: ProcesarCarritoBody,
  idempotencyKey: string,
): Promise<{ pedidoId?: number }> {
  let header: string | null = null;
  const carrito = await postPedido<unknown>(
    '/api/shoppingcartmarket/proccesscart',
    body,
    idempotencyKey,
    (response) => (header = response.headers.get('x-pedido-id')),
  );
  if (Array.isArray(carrito)) setQueryData(carritoKey, carrito);
  else void invalidateQueries(carritoKey);
  void invalidateQueries(misPedidosKey);
  const pedidoId = Number(header);
  return Number.isSafeInteger(pedidoId) && pedidoId > 0 ? { pedidoId } : {};
}

/** `POST /api/pedido/invitado`; the tracking link is kept on this phone for "Mis pedidos". */
export async function createPedidoInvitado(
  body: PedidoInvitadoBody,
  idempotencyKey: string,
): Promise<PedidoConSeguimiento> {
  const respuesta = await postPedido<PedidoConSeguimiento>(
    '/api/pedido/invitado',
    body,
    idempotencyKey,
  );
  saveSeguimiento(respuesta.seguimiento, respuesta.pedido);
  // The tracking page opens next: it shows the order at once, then follows it live.
  setQueryData(seguimientoKey(respuesta.seguimiento), respuesta.pedido);
  return respuesta;
}

export const envioDelServidor: CheckoutEnvio = {
  conCuenta: processCarrito,
  invitado: createPedidoInvitado,
};

/**
 * A key for one checkout attempt. crypto.randomUUID exists only on secure pages (https or
 * localhost); a shop reached over a plain-http LAN address still gets a random key.
 */
export function nuevaIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
