import { formatPesos } from '@tianguis/domain';
import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import type { Canasta } from '../canasta/use-canasta';

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
  if (canasta.piezas === 0) return null;
  const { subtotal, minimo, envio } = canasta.totales;
  const faltan = minimo - subtotal;
  const domicilio = canasta.tienda?.entrega.domicilio ?? false;
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
                {envio > 0
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
