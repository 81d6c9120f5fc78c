import {
  filterPedidosDeTienda,
  formatMostrando,
  hasFiltrosActivos,
  type FiltrosPedidos,
  type PedidosTab,
} from '@tianguis/domain';
import { useId, useMemo } from 'react';
import { EmptyState } from '../../../components/ui/status';
import type { PedidoTienda } from '../api/get-pedidos-tienda';
import { PedidoRow } from './pedido-row';
import { PedidosFiltros } from './pedidos-filtros';
import { PedidosTabs } from './pedidos-tabs';

/** The tabs, filters and rows of /pedidos, from the orders given (no fetching here). */
export function PedidosLista(props: {
  pedidos: readonly PedidoTienda[];
  filtros: FiltrosPedidos;
  onFiltrosChange: (filtros: FiltrosPedidos) => void;
  now: Date;
  timeZone: string;
}) {
  const { pedidos, filtros, onFiltrosChange, now, timeZone } = props;
  const baseId = useId();
  const idOf = (tab: PedidosTab) => ({
    tab: `${baseId}-${tab}-tab`,
    panel: `${baseId}-${tab}-panel`,
  });
  const resultado = useMemo(
    () => filterPedidosDeTienda(pedidos, filtros, now, timeZone),
    [pedidos, filtros, now, timeZone],
  );
  const ids = idOf(filtros.tab);
  return (
    <div>
      <PedidosTabs
        tab={filtros.tab}
        conteo={resultado.conteo}
        onChange={(tab) => onFiltrosChange({ ...filtros, tab })}
        idOf={idOf}
      />
      <PedidosFiltros
        busqueda={filtros.busqueda}
        fecha={filtros.fecha}
        activos={hasFiltrosActivos(filtros)}
        onBusqueda={(busqueda) => onFiltrosChange({ ...filtros, busqueda })}
        onFecha={(fecha) => onFiltrosChange({ ...filtros, fecha })}
        onLimpiar={() => onFiltrosChange({ ...filtros, busqueda: '', fecha: 'TODAS' })}
      />
      <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} tabIndex={0}>
        <p role="status" className="mb-2 text-sm text-stone-700">
          {resultado.totalEnTab > 0
            ? formatMostrando(resultado.visibles.length, resultado.totalEnTab)
            : null}
        </p>
        {resultado.vacio ? (
          <EmptyState title={resultado.vacio} />
        ) : (
          <ul className="flex flex-col gap-2">
            {resultado.visibles.map((p) => (
              <PedidoRow key={p.id} pedido={p} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
