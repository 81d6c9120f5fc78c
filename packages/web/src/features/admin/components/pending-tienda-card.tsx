import { formatCelular } from '@tianguis/domain';
import { Store } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/field';
import { notify } from '../../../lib/toast';
import { approveTienda } from '../api/approve-tienda';
import { nombreDeTienda, type TiendaAdmin } from '../api/list-tiendas-admin';

const FALLA_GENERICA = 'No se pudo aprobar la tienda. Inténtalo de nuevo.';

/** One shop awaiting approval, with its 'Aprobar' button. */
export function PendingTiendaCard(props: { tienda: TiendaAdmin; onApproved: () => void }) {
  const { tienda, onApproved } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const headingId = useId();
  const nombre = nombreDeTienda(tienda);
  const celular = formatCelular(tienda.celularTienda);

  async function aprobar() {
    setBusy(true);
    setError(undefined);
    try {
      await approveTienda(tienda.tiendaId);
      notify.success(`Tienda ${tienda.usuario} aprobada`);
      onApproved();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : FALLA_GENERICA);
      setBusy(false);
    }
  }

  return (
    <li
      aria-labelledby={headingId}
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <Store aria-hidden="true" className="mt-1 size-6 shrink-0 text-marca-600" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold break-words">
            {tienda.usuario}
          </h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-stone-700">
            {nombre && (
              <>
                <dt className="font-medium">Nombre:</dt>
                <dd className="break-words">{nombre}</dd>
              </>
            )}
            <dt className="font-medium">Celular:</dt>
            <dd>{celular || 'Sin celular'}</dd>
          </dl>
        </div>
      </div>
      <FormError message={error} />
      <Button
        className="mt-3 w-full sm:w-auto"
        onClick={() => void aprobar()}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={`Aprobar la tienda ${tienda.usuario}`}
      >
        {busy ? 'Aprobando…' : 'Aprobar'}
      </Button>
    </li>
  );
}
