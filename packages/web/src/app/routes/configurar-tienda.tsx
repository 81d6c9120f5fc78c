import { useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import {
  useMiTienda,
  updateTienda,
  uploadImage,
  WizardTienda,
  AjustesBannerDesactivada,
} from '../../features/mi-tienda';

const AJUSTES = '/configuracion-de-tienda';

/** The store setup wizard, opened on the shop's current values. */
export default function ConfigurarTienda() {
  const navigate = useNavigate();
  const { data, error, refetch } = useMiTienda();
  return (
    <Page title="Configurar Tienda">
      <AjustesBannerDesactivada />
      {data ? (
        <WizardTienda
          // Saving puts the new shop in the cache; the open form keeps what was typed.
          key={data.tiendaId}
          tienda={data}
          onSave={updateTienda}
          onUpload={uploadImage}
          onCancel={() => void navigate(AJUSTES)}
          onClose={() => void navigate(AJUSTES)}
        />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}
