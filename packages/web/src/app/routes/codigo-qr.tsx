import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import { useMiTienda, QrCodigo, AjustesBannerDesactivada } from '../../features/mi-tienda';

/** The owner's QR: link, copy, download and the printable poster. */
export default function CodigoQr() {
  const { data, error, refetch } = useMiTienda();
  return (
    <Page title="Codigo QR">
      <AjustesBannerDesactivada />
      {data ? (
        <QrCodigo tienda={data} origin={window.location.origin} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}
