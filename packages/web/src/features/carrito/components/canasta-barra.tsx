import { formatPesos } from '@tianguis/domain';
import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { useQuery } from '../../../lib/query';
import { getTiendaPublica, tiendaPublicaKey } from '../../../lib/tienda-publica/get-tienda-publica';
import type { Canasta } from '../canasta/use-canasta';
import { envioDesde } from '../logic/envio-de-barra';

/** The bar's texts (docs/web-screens.md, "The basket bar"). */
export const canastaBarraMessages = {
  ver: (piezas: number, subtotal: string) => `Ver canasta · ${piezas} · ${subtotal}`,
  faltan: (cuanto: string) => `Te faltan ${cuanto} para el mínimo`,
  envio: (costo: string) => `Envío ${costo}`,
  envioGratis: 'Envío gratis',
} as const;

/**
 * The shop's basket on every shop screen, held above the bottom bar: pieces and products'
 * subtotal, what is missing for the shop's minimum (shipping never counts toward it), and the
 * shipping that checkout will add. Nothing while the basket is empty.
 */
export function CanastaBarra({ canasta }: { canasta: Canasta }) {
  const domicilio = canasta.tienda?.entrega.domicilio ?? false;
  // A shop's delivery zones come with its public answer, which the shop page has read already.
  const usuario = canasta.tienda?.usuario ?? '';
  const publica = useQuery(tiendaPublicaKey(usuario), () => getTiendaPublica(usuario), {
    enabled: usuario !== '' && domicilio && canasta.piezas > 0,
    staleMs: 30_000,
  });
  const tienda = publica.data?.tienda;
  const conZonas = domicilio && (tienda?.zonas?.length ?? 0) > 0;
  if (canasta.piezas === 0) return null;
  const { subtotal, envio } = canasta.totales;
  const minimo = canasta.totales.minimo;
  const faltan = minimo - subtotal;
  return (
    <>
      {/* Keeps the last products above the bar when scrolled to the end. */}
      <div aria-hidden="true" className="h-24" />
      <section
        aria-label="Tu canasta"
        data-canasta-barra
        className="no-print fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-20 px-3 pb-2"
      >
        <div className="mx-auto max-w-[600px] overflow-hidden rounded-xl bg-marca-700 text-white shadow-lg">
          <p className="flex justify-between gap-3 px-4 pt-2 text-sm empty:hidden">
            <span aria-live="polite">
              {faltan > 0 ? canastaBarraMessages.faltan(formatPesos(faltan)) : ''}
            </span>
            {domicilio && (
              <span className="shrink-0">
                {conZonas
                  ? envioDesde(tienda?.zonas ?? [])
                  : envio > 0
                    ? canastaBarraMessages.envio(formatPesos(envio))
                    : canastaBarraMessages.envioGratis}
              </span>
            )}
          </p>
          <Link
            to="/checkout"
            className="flex min-h-12 items-center gap-2 px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white"
          >
            <ShoppingBag aria-hidden="true" className="size-5 shrink-0" />
            {canastaBarraMessages.ver(canasta.piezas, formatPesos(subtotal))}
          </Link>
        </div>
      </section>
    </>
  );
}
