import { useRef } from 'react';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import { selectPendingTiendas, useTiendasAdmin } from '../api/list-tiendas-admin';
import { PendingTiendaCard } from './pending-tienda-card';

/** The shops waiting for an admin's approval, each with its 'Aprobar' button. */
export function AprobarTiendas() {
  const query = useTiendasAdmin();
  const listRef = useRef<HTMLDivElement>(null);

  if (query.isLoading) return <Loading label="Cargando tiendas…" />;
  if (query.error && !query.data)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const pending = selectPendingTiendas(query.data ?? []);
  return (
    // The approved card (and the focused button in it) goes away: focus stays on the list.
    <div ref={listRef} tabIndex={-1} className="outline-none">
      {pending.length === 0 ? (
        <EmptyState
          title="No hay tiendas pendientes de aprobación"
          text="Cuando una tienda nueva se registre, aparecerá aquí."
        />
      ) : (
        <>
          <p className="mb-3 text-stone-700" aria-live="polite">
            {pending.length === 1
              ? '1 tienda espera aprobación.'
              : `${pending.length} tiendas esperan aprobación.`}
          </p>
          <ul className="flex flex-col gap-3">
            {pending.map((t) => (
              <PendingTiendaCard
                key={t.tiendaId}
                tienda={t}
                onApproved={() => listRef.current?.focus()}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
