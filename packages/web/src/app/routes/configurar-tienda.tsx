import { useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useMiTienda } from '../../features/mi-tienda/api/get-mi-tienda';
import { updateTienda } from '../../features/mi-tienda/api/update-tienda';
import { uploadImage } from '../../features/mi-tienda/api/upload-image';
import { WizardTienda } from '../../features/mi-tienda/components/wizard-tienda';
import AjustesBannerDesactivada from '../../features/mi-tienda/components/ajustes-banner-desactivada';

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
