import type { ReactNode } from 'react';
import { Page } from '../../../components/ui/page';
import { ErrorState, Loading } from '../../../components/ui/status';
import { useMiTienda, type MiTienda } from '../api/get-mi-tienda';
import AjustesBannerDesactivada from './ajustes-banner-desactivada';

/**
 * A screen of the shop's settings: the 'Tienda desactivada' banner, then the screen drawn from the
 * owner's shop (`children`) once it is loaded; meanwhile `loadingLabel`, or the failed load with
 * Reintentar.
 */
export function AjustesPagina(props: {
  title: string;
  loadingLabel?: string;
  children: (tienda: MiTienda) => ReactNode;
}) {
  const { data, error, refetch } = useMiTienda();
  return (
    <Page title={props.title}>
      <AjustesBannerDesactivada />
      {data ? (
        props.children(data)
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading label={props.loadingLabel} />
      )}
    </Page>
  );
}
