import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import {
  useMiTienda,
  AjustesBannerDesactivada,
  AjustesMenu,
  PausaPedidos,
} from '../../features/mi-tienda';
import { AvisosPush } from '../../features/push';

/** The owner's landing after sign-in: the settings tiles and the pending tasks. */
export default function ConfiguracionDeTienda() {
  const { data, error, refetch } = useMiTienda();
  return (
    <Page title="Configuración de tienda">
      {data ? (
        <>
          <AjustesBannerDesactivada tienda={data} />
          {data.configured && <PausaPedidos tienda={data} />}
          <AjustesMenu tienda={data} />
          <AvisosPush para="tienda" className="mt-4" />
        </>
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}
