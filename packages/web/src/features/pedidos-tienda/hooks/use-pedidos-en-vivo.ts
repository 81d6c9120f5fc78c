import { INTERVALO_SONDEO_PEDIDOS_MS, mergePedido } from '@tianguis/domain';
import { useEffect, useSyncExternalStore } from 'react';
import { isEventStreamSupported, openEventStream } from '../../../lib/event-stream';
import { getQueryData, invalidateQueries, setQueryData } from '../../../lib/query';
import { getActiveSession, useSession } from '../../../lib/session-store';
import {
  listPedidosTienda,
  pedidosTiendaKey,
  usePedidosTienda,
  type PedidoTienda,
} from '../api/get-pedidos-tienda';
import { parseEventoPedido } from '../api/pedido-eventos';
import { updatePedidoAnterior } from '../api/pedidos-anteriores';
import { watchCarga, watchEvento } from './vigia-store';

export type EstadoConexion = 'conectando' | 'en-vivo' | 'sin-conexion';

const REINTENTO_INICIAL_MS = 5_000;
const REINTENTO_MAXIMO_MS = 60_000;

// One live connection per tab, wherever the owner or the cook is: the alerts mounted in the
// app's frame and the kitchen display share it (`useFuentePedidosEnVivo`); the order list reads
// the same cached list and this state. The server allows few streams per account, so no screen
// opens one of its own.

function conexionInicial(): EstadoConexion {
  return isEventStreamSupported() ? 'conectando' : 'sin-conexion';
}

let conexion: EstadoConexion = conexionInicial();
const conexionListeners = new Set<() => void>();
const nuevosListeners = new Set<(nuevos: PedidoTienda[]) => void>();

function setConexion(next: EstadoConexion): void {
  if (conexion === next) return;
  conexion = next;
  for (const listener of conexionListeners) listener();
}

function subscribeConexion(listener: () => void): () => void {
  conexionListeners.add(listener);
  return () => conexionListeners.delete(listener);
}

function getConexion(): EstadoConexion {
  return conexion;
}

/**
 * Called with the orders to alert about (the domain's rule, docs/web-screens.md, "Toasts and
 * timings"), from any screen.
 */
export function onPedidosNuevos(listener: (nuevos: PedidoTienda[]) => void): () => void {
  nuevosListeners.add(listener);
  return () => nuevosListeners.delete(listener);
}

function avisarNuevos(nuevos: PedidoTienda[]): void {
  if (nuevos.length === 0) return;
  for (const listener of nuevosListeners) listener(nuevos);
}

/**
 * The list's one fetcher, whoever asks for it (the cache keeps the newest caller's): every full
 * load goes past the order watch, so an order found by a poll alerts like a live one.
 */
export async function loadPedidosVigilados(): Promise<PedidoTienda[]> {
  const list = await listPedidosTienda();
  avisarNuevos(watchCarga(getActiveSession()?.tiendaId, list));
  return list;
}

interface Fuente {
  readonly token: string;
  readonly tiendaId: number | undefined;
  usuarios: number;
  readonly cerrar: () => void;
}

/** The one stream of the tab, shared by every screen that asks for it (counted). */
let fuente: Fuente | undefined;

function abrirStream(token: string, tiendaId: number | undefined): () => void {
  const close = openEventStream(
    '/api/pedido/eventos',
    { token, retryMs: REINTENTO_INICIAL_MS, maxRetryMs: REINTENTO_MAXIMO_MS },
    {
      onOpen: () => {
        setConexion('en-vivo');
        // Polling stops now: an order placed between the list's load and this moment (or
        // during a drop) has no event to replay, so the list is read once more.
        void invalidateQueries(pedidosTiendaKey);
      },
      onEvent: (type, data) => {
        if (type !== 'pedido') return;
        const evento = parseEventoPedido(data);
        if (!evento) return;
        const list = getQueryData<PedidoTienda[]>(pedidosTiendaKey);
        if (!evento.pedido || !list) {
          void invalidateQueries(pedidosTiendaKey);
          return;
        }
        const nuevos = watchEvento(tiendaId, evento.pedido);
        setQueryData(pedidosTiendaKey, mergePedido(list, evento.pedido));
        updatePedidoAnterior(evento.pedido);
        avisarNuevos(nuevos);
      },
      // Reconnects by itself, more slowly each time, while polling keeps the list current.
      onError: () => setConexion('sin-conexion'),
    },
  );
  return () => {
    close();
    setConexion(conexionInicial());
  };
}

/**
 * Joins the tab's stream for this session, opening it for the first screen that asks; answers
 * the way to leave it, which closes it when the last one leaves. The owner's alerts and the
 * kitchen display (whose cooks have no alerts) may both ask: the server allows few streams per
 * account, so there is still only one.
 */
function unirseAFuente(token: string, tiendaId: number | undefined): () => void {
  if (!fuente || fuente.token !== token || fuente.tiendaId !== tiendaId) {
    fuente?.cerrar();
    fuente = { token, tiendaId, usuarios: 0, cerrar: abrirStream(token, tiendaId) };
  }
  const mia = fuente;
  mia.usuarios++;
  let fuera = false;
  return () => {
    if (fuera) return;
    fuera = true;
    mia.usuarios--;
    if (mia.usuarios > 0 || fuente !== mia) return;
    fuente = undefined;
    mia.cerrar();
  };
}

/**
 * The shop's order list, kept current: the server's event stream puts each new or changed order
 * in the list as it happens; while the stream is down the list is polled every 30 s instead.
 * Mounted by the owner's alerts and by the kitchen display (one stream between them); other
 * screens read with `usePedidosEnVivo`.
 */
export function useFuentePedidosEnVivo() {
  const session = useSession();
  const token = session?.token;
  const tiendaId = session?.tiendaId;
  const estado = useSyncExternalStore(subscribeConexion, getConexion);

  const query = usePedidosTienda(loadPedidosVigilados, {
    enabled: token !== undefined,
    refetchInterval: estado === 'en-vivo' ? undefined : INTERVALO_SONDEO_PEDIDOS_MS,
  });

  useEffect(() => {
    // Without streaming fetch (old browsers) the list is polled only.
    if (!token || !isEventStreamSupported()) return;
    return unirseAFuente(token, tiendaId);
  }, [token, tiendaId]);

  return { ...query, conexion: estado };
}

/**
 * The owner's order list and the live connection's state, as the one connection keeps them
 * (`useFuentePedidosEnVivo`, mounted in the app's frame for owners): opens no stream itself.
 */
export function usePedidosEnVivo() {
  const session = useSession();
  const query = usePedidosTienda(loadPedidosVigilados, { enabled: session?.token !== undefined });
  const estado = useSyncExternalStore(subscribeConexion, getConexion);
  return { ...query, conexion: estado };
}
