import { FILTROS_INICIALES } from '@tianguis/domain';
import { render } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import type { AccionPedido } from '../../src/features/pedidos-tienda/api/finish-pedido';
import type { PedidoTienda } from '../../src/features/pedidos-tienda/api/get-pedidos-tienda';
import { PedidoDetalle } from '../../src/features/pedidos-tienda/components/pedido-detalle';
import { PedidosLista } from '../../src/features/pedidos-tienda/components/pedidos-lista';
import type { FiltrosTablero } from '../../src/features/pedidos-tienda/components/tablero-tabs';

/** The owner's board and order detail as their screens hold them, for tests. */

export const TZ = 'America/Mexico_City';
/** Wednesday 2025-03-12, 10:00 in Mexico City (UTC-6): the board tests' "now". */
export const NOW = new Date('2025-03-12T16:00:00Z');

export interface TableroProps {
  pedidos: PedidoTienda[];
  /** The filters the board opens with (its address); FILTROS_INICIALES if not given. */
  inicial?: FiltrosTablero;
  programacionActiva?: boolean;
}

/** The board's list at NOW in TZ, its filters kept in state as the screen keeps them. */
export function Tablero(props: TableroProps) {
  const [filtros, setFiltros] = useState<FiltrosTablero>(props.inicial ?? FILTROS_INICIALES);
  return (
    <MemoryRouter>
      <PedidosLista
        pedidos={props.pedidos}
        filtros={filtros}
        onFiltrosChange={setFiltros}
        now={NOW}
        timeZone={TZ}
        programacionActiva={props.programacionActiva}
      />
    </MemoryRouter>
  );
}

/** One order's detail in TZ (at `now`, the clock's time if not given); `onAccion` gets its buttons. */
export function renderDetalle(
  pedido: PedidoTienda,
  onAccion: (accion: AccionPedido) => Promise<void>,
  now?: Date,
) {
  return render(
    <MemoryRouter>
      <PedidoDetalle pedido={pedido} timeZone={TZ} onAccion={onAccion} now={now} />
    </MemoryRouter>,
  );
}
