import { horarioMessages } from '@tianguis/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/status';
import { logout } from '../../features/auth';
import { clearSession, getToken, useSession } from '../../lib/session-store';
import {
  addDiaEspecial,
  deleteDiaEspecial,
  useDiasEspeciales,
  useHorarios,
  useMiTienda,
  saveHorarios,
  imageOrUndefined,
  HorariosDiasEspeciales,
  filasDesdeGuardados,
  filasPorDefecto,
  HorariosTabla,
  AjustesBannerDesactivada,
} from '../../features/mi-tienda';
import { clearQueryCache } from '../../lib/query';
import { notify } from '../../lib/toast';

/** Without a shop in the session nothing here can be saved: sign in again. */
function SinTienda() {
  const navigate = useNavigate();
  const signInAgain = () => {
    const token = getToken();
    if (token) logout(token).catch(() => undefined);
    clearSession();
    clearQueryCache();
    void navigate('/signin', { replace: true });
  };
  return (
    <Page title="Horarios">
      <div role="alert" className="rounded-xl bg-red-50 px-4 py-6 text-center text-red-900">
        <p className="mb-4 font-medium">{horarioMessages.tiendaNoEncontrada}</p>
        <Button onClick={signInAgain}>Iniciar sesión</Button>
      </div>
    </Page>
  );
}

function Semana({ tiendaId }: { tiendaId: number }) {
  const { data, error, refetch } = useHorarios(tiendaId);
  const [creating, setCreating] = useState(false);
  if (!data && error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!data) return <Loading label="Cargando horarios…" />;
  if (data.length === 0 && !creating) {
    return (
      <EmptyState title={horarioMessages.sinHorariosConfigurados}>
        <Button onClick={() => setCreating(true)}>Crear Horarios</Button>
      </EmptyState>
    );
  }
  return (
    <HorariosTabla
      key={tiendaId}
      tiendaId={tiendaId}
      filas={data.length === 0 ? filasPorDefecto() : filasDesdeGuardados(data)}
      onSave={async (entries) => {
        await saveHorarios(tiendaId, entries);
      }}
    />
  );
}

function DiasEspeciales({ tiendaId }: { tiendaId: number }) {
  const { data, error, refetch } = useDiasEspeciales(tiendaId);
  useEffect(() => {
    if (error) notify.error(`Error: ${error.message}`);
  }, [error]);
  if (!data && error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!data) return <Loading label="Cargando días especiales…" />;
  return (
    <HorariosDiasEspeciales
      tiendaId={tiendaId}
      dias={data}
      onAdd={async (body) => {
        await addDiaEspecial(body);
      }}
      onDelete={async (id) => {
        await deleteDiaEspecial(tiendaId, id);
      }}
    />
  );
}

/** /horarios: the shop's weekly hours and its special (closed) days. */
export default function HorariosScreen() {
  const tiendaId = useSession()?.tiendaId;
  const { data: tienda } = useMiTienda(Boolean(tiendaId));
  if (!tiendaId) return <SinTienda />;
  const nombre = tienda && tienda.nombre !== 'N/A' ? tienda.nombre : undefined;
  const logo = imageOrUndefined(tienda?.imageUrl);
  return (
    <Page title="Horarios">
      <AjustesBannerDesactivada />
      <div className="mb-6 flex items-center gap-3">
        {logo && (
          <img
            src={logo}
            alt={nombre ? `Logo de ${nombre}` : 'Logo de la tienda'}
            loading="lazy"
            width={64}
            height={64}
            className="size-16 rounded-full border border-stone-200 bg-stone-100 object-cover"
          />
        )}
        <p className="text-xl font-semibold capitalize">{nombre ?? 'Mi tienda'}</p>
      </div>
      <section aria-labelledby="horario-semanal" className="mb-8">
        <h2 id="horario-semanal" className="mb-3 text-lg font-bold">
          Horario semanal
        </h2>
        <Semana tiendaId={tiendaId} />
      </section>
      <section aria-labelledby="dias-especiales">
        <h2 id="dias-especiales" className="mb-1 text-lg font-bold">
          Días especiales
        </h2>
        <p className="mb-3 text-sm text-stone-700">
          Los días especiales la tienda está cerrada (por ejemplo, días festivos).
        </p>
        <DiasEspeciales tiendaId={tiendaId} />
      </section>
    </Page>
  );
}
