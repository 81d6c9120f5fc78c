import { EmptyState, ErrorState } from '../../../components/ui/status';
import { useNow } from '../../../lib/use-now';
import { changeRol } from '../api/change-rol';
import { removeMiembro } from '../api/remove-miembro';
import { usePersonal } from '../api/get-personal';
import { invitePersonal } from '../api/invite-personal';
import { InvitarForm } from './invitar-form';
import { PersonalLista } from './personal-lista';
import type { AccionesDePersonal } from './miembro-acciones';

const acciones: AccionesDePersonal = { changeRol, removeMiembro };

/** Three grey cards where the list will be, while it loads. */
function Esqueleto() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Cargando personal…</span>
      <ul aria-hidden="true" className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <li key={i} className="animate-pulse rounded-xl border border-stone-200 bg-white p-4">
            <div className="mb-2 h-4 w-1/2 rounded bg-stone-200" />
            <div className="mb-3 h-3 w-3/4 rounded bg-stone-200" />
            <div className="h-3 w-1/3 rounded bg-stone-200" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /personal (docs/api.md, "Staff and the kitchen"): the owner's staff with their role, state
 * and last access, each with 'Cambiar rol' and 'Dar de baja', and the form that invites someone.
 */
export function PersonalPantalla() {
  const { data, error, refetch } = usePersonal();
  const now = useNow(60_000);

  let lista;
  if (data === undefined && error) {
    lista = <ErrorState error={error} onRetry={() => void refetch()} />;
  } else if (data === undefined) {
    lista = <Esqueleto />;
  } else if (data.length === 0) {
    lista = (
      <EmptyState
        title="Aún no tienes personal"
        text="Invita a quien te ayuda: el encargado lleva pedidos, catálogo y ventas; el cajero, pedidos y corte de caja; la cocina, solo su pantalla."
      />
    );
  } else {
    lista = <PersonalLista personal={data} now={now} acciones={acciones} />;
  }

  return (
    <>
      <section aria-labelledby="personal-lista-titulo" className="mb-8">
        <h2 id="personal-lista-titulo" className="mb-3 text-xl font-bold">
          Tu personal
        </h2>
        {lista}
      </section>
      <section className="rounded-xl border border-stone-200 bg-stone-50 p-4">
        <InvitarForm invite={invitePersonal} />
      </section>
    </>
  );
}
