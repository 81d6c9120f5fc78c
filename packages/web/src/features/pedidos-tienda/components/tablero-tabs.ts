import {
  compareProgramados,
  countPedidosPorTab,
  filterPedidosDeTienda,
  isEnRangoDeFecha,
  isPedidoActivo,
  matchesBusquedaDeUsuario,
  PEDIDOS_TABS,
  pedidosTiendaMessages,
  type ConteoPorTab,
  type FiltrosPedidos,
  type PedidoFiltrable,
  type PedidosTab,
} from '@tianguis/domain';

// The board's tabs: the domain's status tabs (pedidos-tienda.ts) and "Programados", the orders
// for later still to be made, by their time (docs/api.md, "Orders for later": the board sorts
// scheduled orders by it). Programados lives on the board only: the server's list and its
// filters know nothing of it.

export type TabTablero = PedidosTab | 'PROGRAMADOS';

export type FiltrosTablero = Omit<FiltrosPedidos, 'tab'> & { readonly tab: TabTablero };

export type ConteoTablero = ConteoPorTab & { readonly PROGRAMADOS: number };

export const TAB_PROGRAMADOS = {
  tab: 'PROGRAMADOS',
  label: 'Programados',
  vacio: 'No hay pedidos programados',
} as const;

export interface TabDelTablero {
  readonly tab: TabTablero;
  readonly label: string;
}

export function isTabTablero(value: unknown): value is TabTablero {
  return value === TAB_PROGRAMADOS.tab || PEDIDOS_TABS.some((t) => t.tab === value);
}

/** The tabs in order; Programados right after Activos, when the board shows it. */
export function tabsDelTablero(conProgramados: boolean): TabDelTablero[] {
  const tabs: TabDelTablero[] = PEDIDOS_TABS.map(({ tab, label }) => ({ tab, label }));
  if (conProgramados) tabs.splice(1, 0, { tab: TAB_PROGRAMADOS.tab, label: TAB_PROGRAMADOS.label });
  return tabs;
}

interface PedidoDelTablero extends PedidoFiltrable {
  readonly programadoPara: string | null;
}

/** An order for later still to be made (the kitchen's queue): scheduled and still active. */
export function isPedidoProgramado(pedido: {
  readonly status: string;
  readonly programadoPara: string | null;
}): boolean {
  return (pedido.programadoPara ?? null) !== null && isPedidoActivo(pedido.status);
}

export interface PedidosDelTablero<T> {
  readonly visibles: T[];
  readonly totalEnTab: number;
  readonly conteo: ConteoTablero;
  readonly vacio: string | undefined;
}

/**
 * The orders under a tab, with the search and date filters: the status tabs as the domain
 * lists them (newest first); Programados earliest time first (compareProgramados), orders
 * for the same time by when they were placed.
 */
export function filterTablero<T extends PedidoDelTablero>(
  pedidos: readonly T[],
  filtros: FiltrosTablero,
  now: Date,
  timeZone: string,
): PedidosDelTablero<T> {
  const programados = pedidos.filter(isPedidoProgramado);
  if (filtros.tab !== TAB_PROGRAMADOS.tab) {
    const r = filterPedidosDeTienda(pedidos, { ...filtros, tab: filtros.tab }, now, timeZone);
    return { ...r, conteo: { ...r.conteo, PROGRAMADOS: programados.length } };
  }
  const conteo = countPedidosPorTab(pedidos);
  const visibles = programados
    .filter(
      (p) =>
        matchesBusquedaDeUsuario(p, filtros.busqueda) &&
        isEnRangoDeFecha(p.fecha, filtros.fecha, now, timeZone),
    )
    .sort((a, b) => compareProgramados(a, b) || a.id - b.id);
  let vacio: string | undefined;
  if (programados.length === 0) vacio = TAB_PROGRAMADOS.vacio;
  else if (visibles.length === 0) vacio = pedidosTiendaMessages.sinResultados;
  return {
    visibles,
    totalEnTab: programados.length,
    conteo: { ...conteo, PROGRAMADOS: programados.length },
    vacio,
  };
}
