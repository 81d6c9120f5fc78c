import type { ReactNode } from 'react';
import { ErrorState, Loading } from '../../../components/ui/status';
import {
  useTiendaPublica,
  type TiendaPublicaAnswer,
} from '../../../lib/tienda-publica/get-tienda-publica';
import { isTiendaNoEncontrada } from '../../../lib/tienda-publica/estado';

/**
 * What every public shop page needs first: the shop loaded from the API (so a page opened
 * straight from a QR scan works), its loading and error states, and the not-found page for a
 * shop that doesn't exist or isn't public.
 */
export function TiendaFrame(props: {
  usuario: string;
  notFound: ReactNode;
  children: (answer: TiendaPublicaAnswer) => ReactNode;
}) {
  const query = useTiendaPublica(props.usuario);
  const { data, error } = query;
  if (isTiendaNoEncontrada(data?.tienda, error)) return props.notFound;
  // Data already shown stays on screen when a background refresh fails.
  if (data) return props.children(data);
  if (error) {
    return (
      <div className="mx-auto max-w-[600px] px-4 py-6">
        <ErrorState error={error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return <Loading label="Cargando tienda…" />;
}
