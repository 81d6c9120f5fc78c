import { AjustesPagina } from '../../features/mi-tienda';
import { saveZonas, ZonasEnvioForm } from '../../features/zonas-envio';

/** /zonas-envio: the shop's delivery zones, each with its fee and minimum (issue 30). */
export default function ZonasEnvio() {
  return (
    <AjustesPagina title="Zonas de envío" loadingLabel="Cargando zonas de envío…">
      {(tienda) => (
        // Saving puts the new shop in the cache; the open form keeps what it shows.
        <ZonasEnvioForm key={tienda.tiendaId} tienda={tienda} onSave={saveZonas} />
      )}
    </AjustesPagina>
  );
}
