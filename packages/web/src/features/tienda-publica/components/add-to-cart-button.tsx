import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { invalidateQueries } from '../../../lib/query';
import { notify } from '../../../lib/toast';
import { useSession } from '../../auth/session-store';
import {
  canastaMessages,
  CANTIDAD_MAXIMA,
  claveDeLinea,
  useCanasta,
  type Canasta,
  type NuevaLinea,
} from '../../carrito/canasta/use-canasta';
import { CantidadStepper } from '../../carrito/components/cantidad-stepper';
import {
  tiendaPublicaKey,
  type ProductoPublico,
  type TiendaPublicaAnswer,
} from '../api/get-tienda-publica';
import { useAvisoDeTienda } from '../hooks/use-aviso-de-tienda';

// Its own chunk: only a product with options opens it.
const OpcionesSheet = lazy(() => import('./opciones-sheet'));

export const addToCartMessages = {
  agregado: 'Producto agregado',
  agotado: 'Agotado hoy',
  noPuedeComprar: canastaMessages.noPuedeComprar,
  errorGenerico: 'No pudimos agregar el producto. Inténtalo de nuevo.',
} as const;

/** What adding needs, worked out once per screen (not once per card). */
export interface Compra {
  canasta: Canasta;
  /** false while the shop is closed or paused: nothing can be added. */
  abierta: boolean;
  /** false for a signed-in shop or admin account. */
  puedeComprar: boolean;
  /** Resolves with the refusal's message (also toasted unless `enSheet`), undefined once added. */
  agregar: (linea: NuevaLinea, cantidad?: number, enSheet?: boolean) => Promise<string | undefined>;
  cambiar: (clave: string, cantidad: number) => Promise<void>;
  /** The product whose options sheet is open. */
  elegir: (producto: ProductoPublico) => void;
}

/**
 * The basket of the shop on screen and the shop's open state (rechecked every minute), with the
 * add that shows its outcome: a toast, the server's message on a refusal (a product sold out in
 * the meantime reloads the page's data so its card says so).
 */
export function useCompra(answer: TiendaPublicaAnswer): {
  compra: Compra;
  sheet: ReactNode;
} {
  const { tienda } = answer;
  const canasta = useCanasta(tienda.tiendaId, tienda.usuario);
  const aviso = useAvisoDeTienda(answer);
  const [eligiendo, setEligiendo] = useState<ProductoPublico>();

  async function agregar(
    linea: NuevaLinea,
    cantidad = 1,
    enSheet = false,
  ): Promise<string | undefined> {
    try {
      await canasta.add(linea, cantidad);
      notify.success(addToCartMessages.agregado);
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PRODUCTO_AGOTADO') {
        void invalidateQueries(tiendaPublicaKey(tienda.usuario));
      }
      const message =
        error instanceof Error && error.message ? error.message : addToCartMessages.errorGenerico;
      if (!enSheet) notify.error(message);
      return message;
    }
  }

  async function cambiar(clave: string, cantidad: number): Promise<void> {
    try {
      await canasta.setCantidad(clave, cantidad);
    } catch (error) {
      notify.error(
        error instanceof Error && error.message ? error.message : addToCartMessages.errorGenerico,
      );
    }
  }

  const compra: Compra = {
    canasta,
    abierta: aviso === undefined,
    puedeComprar: canasta.puedeComprar,
    agregar,
    cambiar,
    elegir: setEligiendo,
  };
  const sheet = eligiendo && (
    <Suspense fallback={null}>
      <OpcionesSheet
        producto={eligiendo}
        onClose={() => setEligiendo(undefined)}
        onAgregar={(linea, cantidad) => agregar(linea, cantidad, true)}
      />
    </Suspense>
  );
  return { compra, sheet };
}

/**
 * A product's add control: 'Agotado hoy' when sold out; for a product without options 'Agregar'
 * and then − quantity +; with options, 'Agregar' opens the options sheet. Nothing while the shop
 * is closed or paused (its notice says so) or for an account that can't buy.
 */
export function ProductoAgregar(props: {
  producto: ProductoPublico;
  compra: Compra;
  /** The detail page's wide button ('Agregar al carrito'); cards use 'Agregar'. */
  grande?: boolean;
}) {
  const { producto, compra, grande = false } = props;
  const [ocupado, setOcupado] = useState(false);
  if (producto.agotado) {
    return (
      <p className="inline-block rounded-full bg-stone-200 px-2.5 py-1 text-sm font-semibold text-stone-800">
        {addToCartMessages.agotado}
      </p>
    );
  }
  if (!compra.abierta || !compra.puedeComprar) return null;
  const conOpciones = (producto.grupos ?? []).length > 0;
  const texto = grande ? 'Agregar al carrito' : 'Agregar';
  const cantidad = conOpciones ? 0 : compra.canasta.cantidadDe(producto.id);

  async function ocupar(accion: () => Promise<unknown>) {
    setOcupado(true);
    try {
      await accion();
    } finally {
      setOcupado(false);
    }
  }

  if (cantidad > 0) {
    return (
      <CantidadStepper
        nombre={producto.name}
        cantidad={cantidad}
        maximo={CANTIDAD_MAXIMA}
        disabled={ocupado}
        onCambiar={(n) =>
          void ocupar(() =>
            n > cantidad
              ? compra.agregar({ productoId: producto.id })
              : compra.cambiar(claveDeLinea({ productoId: producto.id }), n),
          )
        }
      />
    );
  }
  return (
    <Button
      // The visible text starts the name: 'Agregar Gringa' (label-content-name-mismatch).
      aria-label={grande ? undefined : `${texto} ${producto.name}`}
      aria-haspopup={conOpciones ? 'dialog' : undefined}
      disabled={ocupado}
      aria-busy={ocupado || undefined}
      className={grande ? 'w-full sm:w-auto' : 'w-full min-h-10 px-2 py-1'}
      onClick={() =>
        conOpciones
          ? compra.elegir(producto)
          : void ocupar(() => compra.agregar({ productoId: producto.id }))
      }
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {texto}
    </Button>
  );
}

/**
 * The product page's 'Agregar al carrito': only a USUARIO or a visitor buys; a shop or admin
 * account sees it switched off, with why (docs/web-screens.md, "Screens and who may open them").
 */
export function AddToCartButton(props: { answer: TiendaPublicaAnswer; producto: ProductoPublico }) {
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
  return (
    <div className="space-y-3">
      <ProductoAgregar producto={props.producto} compra={compra} grande />
      <CanastaEnlace canasta={compra.canasta} />
      {sheet}
    </div>
  );
}

/** 'Ver mi canasta (3)': the way to the cart, also for a visitor (the top bar's is for accounts). */
export function CanastaEnlace({ canasta }: { canasta: Canasta }) {
  if (canasta.piezas === 0) return null;
  const piezas = `${canasta.piezas} ${canasta.piezas === 1 ? 'producto' : 'productos'}`;
  return (
    <p>
      <Link to="/checkout" className="font-semibold text-marca-700 underline">
        Ver mi canasta ({piezas})
      </Link>
    </p>
  );
}
