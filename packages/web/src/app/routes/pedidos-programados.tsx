import { AjustesPagina } from '../../features/mi-tienda';
import { saveProgramacion, ProgramacionFormView } from '../../features/programacion';

/**
 * /pedidos-programados: orders for later (slots, places, preparation time) and the automatic
 * pause (issue 31; docs/api.md, "Orders for later").
 */
export default function PedidosProgramados() {
  return (
    <AjustesPagina title="Pedidos programados" loadingLabel="Cargando pedidos programados…">
      {(tienda) => (
        // Saving puts the new shop in the cache; the open form keeps what it shows.
        <ProgramacionFormView key={tienda.tiendaId} tienda={tienda} onSave={saveProgramacion} />
      )}
    </AjustesPagina>
  );
}
