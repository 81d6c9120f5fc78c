import { useCallback, useMemo, useRef, useState } from 'react';
import { getQueryData, setQueryData, useQuery } from '../../../lib/query';
import { listPedidosAnteriores, PEDIDOS_POR_PAGINA, type PedidoTienda } from './get-pedidos-tienda';

/**
 * The owner's order history beyond the live list. The live list is the newest page (500 orders,
 * kept current by the event stream); "Cargar pedidos anteriores" reads the next older page with
 * `antes` (docs/api.md, "Order life").
 *
 * What is kept here is everything already on screen below the live list's reach, not only the
 * pages read: when new orders push the oldest ones out of the live list, those stay listed
 * (no gap between the live list and the first older page). A copy in the live list wins over the
 * one kept here; changes to a kept order (an action, a live event) are written to both
 * (`updatePedidoAnterior`). Sign-out forgets it with the rest of the cache.
 */
export const pedidosAnterioresKey = ['pedidos-tienda-anteriores'] as const;

interface PedidosAnteriores {
  /** Newest first, each id once. */
  pedidos: PedidoTienda[];
  /** The last page read came short: there is nothing older. */
  fin: boolean;
}

/** Both lists as one, newest first; the live list's copy of an order wins. */
export function mergePedidos(
  recientes: readonly PedidoTienda[],
  anteriores: readonly PedidoTienda[],
): PedidoTienda[] {
  if (anteriores.length === 0) return [...recientes];
  const porId = new Map<number, PedidoTienda>();
  for (const p of anteriores) porId.set(p.id, p);
  for (const p of recientes) porId.set(p.id, p);
  return [...porId.values()].sort((a, b) => b.id - a.id);
}

/** An order changed (an action's answer, a live event): the kept copy, if any, follows. */
export function updatePedidoAnterior(pedido: PedidoTienda): void {
  const kept = getQueryData<PedidosAnteriores>(pedidosAnterioresKey);
  if (!kept?.pedidos.some((p) => p.id === pedido.id)) return;
  setQueryData<PedidosAnteriores>(pedidosAnterioresKey, {
    ...kept,
    pedidos: kept.pedidos.map((p) => (p.id === pedido.id ? pedido : p)),
  });
}

const sinFetcher = () => Promise.resolve(undefined);

/**
 * The live list joined with the older pages read so far, whether there may be more, and the
 * loading of the next page (`porPagina`: the page size, PEDIDOS_POR_PAGINA unless a test says).
 */
export function usePedidosConAnteriores(
  recientes: readonly PedidoTienda[] | undefined,
  porPagina = PEDIDOS_POR_PAGINA,
) {
  // Only written by `cargar` and the updates above: never fetched on its own.
  const kept = useQuery<PedidosAnteriores | undefined>(pedidosAnterioresKey, sinFetcher, {
    enabled: false,
  }).data;
  const [cargando, setCargando] = useState(false);
  const [error, setError] = useState<Error | undefined>(undefined);
  const enCurso = useRef(false);

  const pedidos = useMemo(
    () => (recientes ? mergePedidos(recientes, kept?.pedidos ?? []) : undefined),
    [recientes, kept],
  );
  // Before any older page: a full live list may have older orders behind it.
  const hayMas = kept ? !kept.fin : (recientes?.length ?? 0) >= PEDIDOS_POR_PAGINA;

  const cargar = useCallback(async () => {
    if (enCurso.current || !pedidos || pedidos.length === 0) return;
    enCurso.current = true;
    setCargando(true);
    setError(undefined);
    try {
      const masViejo = pedidos[pedidos.length - 1]!.id;
      const pagina = await listPedidosAnteriores(masViejo, porPagina);
      setQueryData<PedidosAnteriores>(pedidosAnterioresKey, {
        pedidos: mergePedidos(pedidos, pagina),
        fin: pagina.length < porPagina,
      });
      return pagina.length;
    } catch (e) {
      setError(e instanceof Error ? e : new Error(String(e)));
      return undefined;
    } finally {
      enCurso.current = false;
      setCargando(false);
    }
  }, [pedidos, porPagina]);

  return { pedidos, hayMas, cargando, error, cargar, cargados: kept !== undefined };
}
