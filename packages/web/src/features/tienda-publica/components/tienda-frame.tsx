import { centavosDe, formatPesos } from '@tianguis/domain';
import type { ReactNode } from 'react';
import { ErrorState, Loading } from '../../../components/ui/status';
import {
  useTiendaPublica,
  type TiendaPublica,
  type TiendaPublicaAnswer,
} from '../api/get-tienda-publica';
import { isTiendaNoEncontrada } from '../logic/estado';

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

/** What a shopper wants to know before choosing: minimum, shipping, delivery, payment. */
export function condicionesDeTienda(
  tienda: Pick<TiendaPublica, 'montoMinimo' | 'costoDeEnvio' | 'entrega' | 'pagos'>,
): string[] {
  // An older server's answer has no settings: the first edition's delivery and cash.
  const entrega = tienda.entrega ?? { recoger: false, domicilio: true };
  const pagos = tienda.pagos ?? { efectivo: true, terminal: false, transferencia: null };
  const pesos = (monto: number) => formatPesos(centavosDe(monto));
  const filas = [
    tienda.montoMinimo > 0 ? `Pedido mínimo ${pesos(tienda.montoMinimo)}` : 'Sin pedido mínimo',
  ];
  if (entrega.domicilio) {
    filas.push(tienda.costoDeEnvio > 0 ? `Envío ${pesos(tienda.costoDeEnvio)}` : 'Envío gratis');
  }
  filas.push(
    entrega.domicilio && entrega.recoger
      ? 'A domicilio o para recoger'
      : entrega.domicilio
        ? 'Solo a domicilio'
        : 'Solo para recoger en la tienda',
  );
  const metodos = [
    pagos.efectivo && 'efectivo',
    pagos.terminal && 'tarjeta (terminal)',
    pagos.transferencia && `transferencia (${pagos.transferencia.banco})`,
  ].filter(Boolean);
  filas.push(`Pago: ${metodos.join(', ')}`);
  return filas;
}

/** The compact row under the shop's header with its conditions. */
export function TiendaInfo({ tienda }: { tienda: TiendaPublica }) {
  return (
    <ul
      aria-label="Condiciones de compra"
      className="mb-4 flex flex-wrap gap-1.5 text-sm text-stone-800"
    >
      {condicionesDeTienda(tienda).map((texto) => (
        <li key={texto} className="rounded-full bg-stone-100 px-2.5 py-1 [overflow-wrap:anywhere]">
          {texto}
        </li>
      ))}
    </ul>
  );
}
