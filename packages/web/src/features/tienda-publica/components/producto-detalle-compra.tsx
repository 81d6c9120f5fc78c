import { ShoppingCart } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session-store';
import type {
  ProductoPublico,
  TiendaPublicaAnswer,
} from '../../../lib/tienda-publica/get-tienda-publica';
import { CanastaBarra } from '../../carrito';
import { addToCartMessages, ProductoAgregar, useCompra } from './add-to-cart-button';
import { OpcionesForm } from './opciones-form';

/**
 * The product page's 'Agregar al carrito': only a USUARIO or a visitor buys; a shop or admin
 * account sees it switched off, with why (docs/web-screens.md, "Screens and who may open them").
 * A product with options shows them right here, above the button (the shop's cards open them
 * in a sheet instead): what must be chosen is seen before tapping, and the button waits for it.
 * Only this page imports this file, so the shop page's first chunk does not carry the form.
 */
export function AddToCartButton(props: { answer: TiendaPublicaAnswer; producto: ProductoPublico }) {
  const { producto } = props;
  const session = useSession();
  const explanationId = useId();
  const { compra, sheet } = useCompra(props.answer);
  const role = session?.tipoUsuario;
  if (role === 'TIENDA' || role === 'ADMIN') {
    return (
      <div>
        <Button disabled aria-describedby={explanationId} className="w-full sm:w-auto">
          <ShoppingCart aria-hidden="true" className="size-5" />
          Agregar al carrito
        </Button>
        <p id={explanationId} className="mt-2 text-sm text-stone-700">
          {addToCartMessages.noPuedeComprar}
        </p>
      </div>
    );
  }
  const enLinea =
    (producto.grupos ?? []).length > 0 &&
    !producto.agotado &&
    compra.abierta &&
    compra.puedeComprar;
  return (
    <div className="space-y-3">
      {enLinea ? (
        <section aria-label={`Opciones de ${producto.name}`}>
          <OpcionesForm
            producto={producto}
            onAdd={(linea, cantidad) => compra.add(linea, cantidad, true)}
            // On a phone the button has its own row, its text on one line.
            botonClassName="basis-full sm:basis-auto"
            boton={(total) => (
              <>
                <ShoppingCart aria-hidden="true" className="size-5" />
                Agregar al carrito · {total}
              </>
            )}
          />
        </section>
      ) : (
        <ProductoAgregar producto={producto} compra={compra} grande />
      )}
      <CanastaBarra canasta={compra.canasta} />
      {sheet}
    </div>
  );
}
