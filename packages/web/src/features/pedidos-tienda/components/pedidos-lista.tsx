import { FILTROS_INICIALES, formatMostrando, hasFiltrosActivos } from '@tianguis/domain';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/ui/status';
import type { PedidoTienda } from '../api/get-pedidos-tienda';
import { PedidoRow } from './pedido-row';
import { PedidosFiltros } from './pedidos-filtros';
import { PedidosTabs } from './pedidos-tabs';
import {
  filterTablero,
  tabsDelTablero,
  TAB_PROGRAMADOS,
  type FiltrosTablero,
  type TabTablero,
} from './tablero-tabs';

/**
 * The tabs, filters and cards of /pedidos, from the orders given (no fetching here). The search
 * and date filters fold behind "Buscar y filtrar" so the first order sits in the first screen;
 * they stay open while one is in use. "Programados" shows when the shop takes orders for later
 * or has one.
 */
export function PedidosLista(props: {
  pedidos: readonly PedidoTienda[];
  filtros: FiltrosTablero;
  onFiltrosChange: (filtros: FiltrosTablero) => void;
  now: Date;
  timeZone: string;
  /** The shop's `programacion.activa`. */
  programacionActiva?: boolean;
}) {
  const { pedidos, filtros, onFiltrosChange, now, timeZone } = props;
  const baseId = useId();
  const conProgramados =
    props.programacionActiva === true ||
    filtros.tab === TAB_PROGRAMADOS.tab ||
    pedidos.some((p) => (p.programadoPara ?? null) !== null);
  const idOf = (tab: TabTablero) => ({
    tab: `${baseId}-${tab}-tab`,
    panel: `${baseId}-${tab}-panel`,
  });
  const resultado = useMemo(
    () => filterTablero(pedidos, filtros, now, timeZone),
    [pedidos, filtros, now, timeZone],
  );
  const ids = idOf(filtros.tab);
  // The search and the date only: the tab is not a filter.
  const activos = hasFiltrosActivos({ ...filtros, tab: FILTROS_INICIALES.tab });
  const [abiertos, setAbiertos] = useState(activos);
  const verFiltros = abiertos || activos;
  return (
    <div>
      <PedidosTabs
        tabs={tabsDelTablero(conProgramados)}
        tab={filtros.tab}
        conteo={resultado.conteo}
        onChange={(tab) => onFiltrosChange({ ...filtros, tab })}
        idOf={idOf}
      />
      <div className="mb-2 flex items-center justify-between gap-2">
        <p role="status" className="text-sm text-stone-700">
          {resultado.totalEnTab > 0
            ? formatMostrando(resultado.visibles.length, resultado.totalEnTab)
            : null}
        </p>
        <button
          type="button"
          aria-expanded={verFiltros}
          aria-controls={`${baseId}-filtros`}
          disabled={activos}
          onClick={() => setAbiertos((v) => !v)}
          className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-marca-700 hover:bg-marca-50 disabled:text-stone-500"
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Buscar y filtrar
        </button>
      </div>
      {verFiltros && (
        <div id={`${baseId}-filtros`}>
          <PedidosFiltros
            busqueda={filtros.busqueda}
            fecha={filtros.fecha}
            activos={activos}
            onBusqueda={(busqueda) => onFiltrosChange({ ...filtros, busqueda })}
            onFecha={(fecha) => onFiltrosChange({ ...filtros, fecha })}
            onClear={() => onFiltrosChange({ ...filtros, busqueda: '', fecha: 'TODAS' })}
          />
        </div>
      )}
      <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} tabIndex={0}>
        {resultado.vacio ? (
          <EmptyState title={resultado.vacio} />
        ) : (
          <ul className="flex flex-col gap-3">
            {resultado.visibles.map((p) => (
              <PedidoRow key={p.id} pedido={p} timeZone={timeZone} now={now} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
