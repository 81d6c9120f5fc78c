import { carritoMessages, formatPesos, importeDeLinea } from '@tianguis/domain';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useMenu } from '../../../components/ui/use-menu';
import { countPiezas, useCarrito, type CarritoGrupo } from '../api/get-carrito';
import { CARRITO_BOTON_CLASES, CarritoIcono, etiquetaCarrito } from './carrito-icono';

// Not the checkout card's helpers: the top bar must not download checkout's code.
function subtotalDe(grupo: CarritoGrupo): number {
  // A line no longer available is shown but not counted.
  return grupo.listOfShoppingCartMarketStore.reduce(
    (sum, item) => (item.disponible ? sum + importeDeLinea(item) : sum),
    0,
  );
}

/** The dropdown's list: each shop with its lines and subtotal. */
export function CarritoResumen({ grupos }: { grupos: readonly CarritoGrupo[] }) {
  if (grupos.length === 0)
    return <p className="py-4 text-center">{carritoMessages.carritoVacio}</p>;
  return (
    <div className="max-h-[60dvh] divide-y divide-stone-200 overflow-y-auto">
      {grupos.map((g) => (
        <section key={g.tiendaId} aria-label={g.nombreTienda} className="py-2">
          <h2 className="font-semibold">{g.nombreTienda}</h2>
          <ul className="text-sm">
            {g.listOfShoppingCartMarketStore.map((item) => (
              <li key={item.shoppingCartId} className="flex justify-between gap-3 py-0.5">
                <span className="min-w-0 break-words">
                  {item.cantidad} x {item.nombreProducto}
                  {!item.disponible && <span className="text-red-700"> (Ya no disponible)</span>}
                </span>
                <span className="shrink-0">{formatPesos(importeDeLinea(item))}</span>
              </li>
            ))}
          </ul>
          <p className="mt-1 flex justify-between text-sm font-semibold">
            <span>Subtotal</span>
            <span>{formatPesos(subtotalDe(g))}</span>
          </p>
        </section>
      ))}
    </div>
  );
}

/**
 * The shopper's cart in the top bar: the icon with the number of pieces, and a dropdown with
 * each shop's lines and 'Ir a Checkout'. Rendered by the top bar for USUARIO only.
 */
export default function CartButton() {
  const carrito = useCarrito(true);
  const navigate = useNavigate();
  const { open, setOpen, root, toggle } = useMenu();
  const panelId = useId();
  const piezas = countPiezas(carrito.data);

  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-label={etiquetaCarrito(piezas)}
        title="Carrito"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={CARRITO_BOTON_CLASES}
      >
        <CarritoIcono piezas={piezas} />
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Tu carrito"
          className="absolute top-12 right-0 z-40 w-[min(92vw,22rem)] rounded-xl border border-stone-200 bg-white p-3 shadow-lg"
        >
          {carrito.isLoading ? (
            <p role="status" className="py-4 text-center">
              Cargando tu carrito…
            </p>
          ) : carrito.error && !carrito.data ? (
            <p role="alert" className="py-4 text-center text-red-800">
              {carrito.error.message}
            </p>
          ) : (
            <CarritoResumen grupos={carrito.data ?? []} />
          )}
          <Button
            className="mt-3 w-full"
            onClick={() => {
              setOpen(false);
              navigate('/checkout');
            }}
          >
            Ir a Checkout
          </Button>
        </div>
      )}
    </div>
  );
}
