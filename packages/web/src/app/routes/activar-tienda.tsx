import { useLocation, useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import {
  activateTienda,
  useMiTienda,
  ActivarTiendaForm,
  AjustesBannerDesactivada,
} from '../../features/mi-tienda';

/** The store on/off switch; "back" is the previous screen, or the settings menu when opened directly. */
export default function ActivarTienda() {
  const navigate = useNavigate();
  const location = useLocation();
  const { data, error, refetch } = useMiTienda();
  const goBack = () => {
    // 'default' is the key of the first entry: there is nothing of ours to go back to.
    if (location.key === 'default') void navigate('/configuracion-de-tienda', { replace: true });
    else void navigate(-1);
  };
  return (
    <Page title="Activar o Desactivar Tienda">
      <AjustesBannerDesactivada />
      {data ? (
        <ActivarTiendaForm
          key={data.tiendaId}
          activa={data.activarODesactivar}
          onSave={activateTienda}
          onBack={goBack}
        />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}
