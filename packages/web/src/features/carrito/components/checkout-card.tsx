import {
  formatPesos,
  centavosDe,
  importeDeLinea,
  pedidoMessages,
  textoDeOpciones,
  type ResumenDePedido,
  type TotalesDeCanasta,
} from '@tianguis/domain';
import { ImageOff, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, IconButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/toast';
import { condicionesDeTienda } from '../../tienda-publica/components/tienda-info';
import { newIdempotencyKey, processCart } from '../api/process-cart';
import {
  CANTIDAD_MAXIMA,
  type Canasta,
  type LineaCanasta,
  type TiendaDeCanasta,
} from '../canasta/use-canasta';
import { CantidadStepper } from './cantidad-stepper';

/** Turns a signed-in shopper's basket into an order; tests hand in their own. */
export type ProcesarCanasta = (
  tiendaId: number,
  idempotencyKey: string,
) => Promise<{ pedidoId: number | undefined }>;

/** An order just placed, for the notice with the WhatsApp link. */
export interface PedidoEnviado {
  resumen: ResumenDePedido;
  celularTienda: string;
}

const ERROR_GENERICO = 'No pudimos completar la acción. Inténtalo de nuevo.';

function mensajeDe(error: unknown): string {
  return error instanceof Error && error.message ? error.message : ERROR_GENERICO;
}

/** The order summary (WhatsApp text) of a basket's available lines. */
export function resumenDeCanasta(canasta: Canasta, pedidoId?: number): ResumenDePedido {
  return {
    pedidoId,
    nombreTienda: canasta.tienda?.nombre ?? '',
    costoDeEnvio: canasta.tienda?.costoDeEnvio ?? 0,
    lineas: canasta.lineas
      .filter((l) => l.disponible)
      .map((l) => ({ nombre: l.nombre, cantidad: l.cantidad, precio: l.precio })),
  };
}

/** A product's picture at a fixed size, or a neutral square when it has none. */
export function ProductoImagen({ src, size = 64 }: { src: string; size?: number }) {
  const style = { width: size, height: size };
  if (!src || src === 'N/A') {
    return (
      <span
        style={style}
        className="flex shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-400"
      >
        <ImageOff aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={style}
      className="shrink-0 rounded-lg bg-stone-100 object-cover"
    />
  );
}

/** Minimum, subtotal, shipping and total, as a definition list. */
export function TotalesLista({
  totales,
  conMinimo = true,
}: {
  totales: TotalesDeCanasta;
  conMinimo?: boolean;
}) {
  const fila = (termino: string, monto: number, fuerte = false) => (
    <div className={`flex justify-between gap-4 ${fuerte ? 'text-lg font-bold' : ''}`}>
      <dt>{termino}</dt>
      <dd>{formatPesos(monto)}</dd>
    </div>
  );
  return (
    <dl className="space-y-1">
      {conMinimo && fila('Monto mínimo', totales.minimo)}
      {fila('Subtotal', totales.subtotal)}
      {fila('Envío', totales.envio)}
      {fila('Total', totales.total, true)}
    </dl>
  );
}

function LineaVista(props: {
  linea: LineaCanasta;
  ocupado: boolean;
  onCantidad: (cantidad: number) => void;
  onEliminar: () => void;
}) {
  const { linea, ocupado } = props;
  const nombre = linea.nombre;
  const opciones = textoDeOpciones(linea.opciones);
  return (
    <li className="flex gap-3 py-3">
      <ProductoImagen src={linea.imageUrl} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="min-w-0 font-medium [overflow-wrap:anywhere]">{nombre}</p>
          <p
            className={`shrink-0 font-semibold ${linea.disponible ? '' : 'text-stone-500 line-through'}`}
          >
            {formatPesos(importeDeLinea(linea))}
          </p>
        </div>
        {opciones && <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">{opciones}</p>}
        {linea.nota && (
          <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">Nota: {linea.nota}</p>
        )}
        <p className="text-sm text-stone-700">{formatPesos(centavosDe(linea.precio))} c/u</p>
        {!linea.disponible && (
          <p className="text-sm font-semibold text-red-700">
            Ya no disponible: no se cuenta en el total
          </p>
        )}
        <div className="mt-1 flex items-center gap-1">
          <CantidadStepper
            nombre={nombre}
            cantidad={linea.cantidad}
            maximo={CANTIDAD_MAXIMA}
            disabled={ocupado}
            sinMas={!linea.disponible}
            onCambiar={props.onCantidad}
          />
          <IconButton
            label={`Eliminar ${nombre} del carrito`}
            className="ml-auto text-red-700"
            disabled={ocupado}
            onClick={props.onEliminar}
          >
            <Trash2 aria-hidden="true" />
          </IconButton>
        </div>
      </div>
    </li>
  );
}

/** What the shop's terms mean for this basket: minimum, shipping, delivery, payment, open now. */
export function CondicionesCanasta({ tienda }: { tienda: TiendaDeCanasta }) {
  return (
    <div className="mb-2">
      <ul aria-label="Condiciones de la tienda" className="flex flex-wrap gap-1.5 text-sm">
        {condicionesDeTienda(tienda).map((texto) => (
          <li key={texto} className="rounded-full bg-stone-100 px-2.5 py-1">
            {texto}
          </li>
        ))}
      </ul>
      {!tienda.abierta && (
        <p
          role="status"
          className="mt-2 scroll-mt-20 rounded-lg bg-amber-50 p-3 font-medium text-amber-950"
        >
          {tienda.mensajeCerrada ?? 'La tienda no está recibiendo pedidos en este momento'}
        </p>
      )}
    </div>
  );
}

/**
 * One shop's basket on the cart screen (signed in or not: see use-canasta.ts): the shop's terms
 * and opening state, its lines with their options, note and a quantity stepper, the totals of
 * the available lines, 'Vaciar Canasta', and the way to order.
 *
 * The way to order is `pago`: the checkout form goes there (it receives the basket; use
 * `canasta.paraCheckout`). Without it, a signed-in shopper gets the first edition's 'Pagar'
 * (confirmation, then proccesscart) and a visitor is asked to sign in.
 */
export function CheckoutCard(props: {
  canasta: Canasta;
  onProcessed: (pedido: PedidoEnviado) => void;
  /** The checkout form, in place of the default 'Pagar'. */
  pago?: (canasta: Canasta) => ReactNode;
  procesar?: ProcesarCanasta;
}) {
  const { canasta, onProcessed } = props;
  const { tienda, totales } = canasta;
  const [ocupado, setOcupado] = useState<string>();
  const titleId = `checkout-tienda-${canasta.tiendaId}`;

  async function run(clave: string, accion: () => Promise<unknown>): Promise<boolean> {
    setOcupado(clave);
    try {
      await accion();
      return true;
    } catch (error) {
      notify.error(mensajeDe(error));
      return false;
    } finally {
      setOcupado(undefined);
    }
  }

  const [confirmarVaciar, setConfirmarVaciar] = useState(false);
  const bloqueado = ocupado !== undefined;
  const nombreTienda = tienda?.nombre ?? canasta.lineas[0]?.nombre ?? '';
  return (
    <section
      aria-labelledby={titleId}
      className="mb-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="min-w-0 text-lg font-bold [overflow-wrap:anywhere]">
          {tienda?.nombre ?? 'Tu canasta'}
        </h2>
        {tienda && (
          <Link
            to={`/tienda/${encodeURIComponent(tienda.usuario)}`}
            className="text-sm font-medium text-marca-700 underline [overflow-wrap:anywhere]"
          >
            Seguir comprando en @{tienda.usuario}
          </Link>
        )}
      </div>
      {tienda && <CondicionesCanasta tienda={tienda} />}
      {canasta.isLoading && !tienda && (
        <p role="status" className="py-2">
          Cargando precios de la tienda…
        </p>
      )}
      <ul className="divide-y divide-stone-200">
        {canasta.lineas.map((linea) => (
          <LineaVista
            key={linea.clave}
            linea={linea}
            ocupado={bloqueado}
            onCantidad={(n) => void run(linea.clave, () => canasta.setCantidad(linea.clave, n))}
            onEliminar={() => void run(linea.clave, () => canasta.remove(linea.clave))}
          />
        ))}
      </ul>
      {/* The checkout form shows its own totals, for the delivery chosen there (pickup has no
          shipping): a second list here would show another total on the same screen. */}
      {!props.pago && (
        <div className="mt-2 border-t border-stone-200 pt-3">
          <TotalesLista totales={totales} />
        </div>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={bloqueado} onClick={() => setConfirmarVaciar(true)}>
          Vaciar Canasta
        </Button>
      </div>

      {/* The checkout form's place: everything about ordering this basket. */}
      <div className="mt-4">
        {props.pago ? (
          props.pago(canasta)
        ) : canasta.origen === 'servidor' ? (
          <PagarConCuenta
            canasta={canasta}
            bloqueado={bloqueado}
            onProcessed={onProcessed}
            procesar={props.procesar ?? processCart}
          />
        ) : (
          <p className="rounded-lg bg-stone-50 p-3 text-stone-800">
            Para enviar tu pedido,{' '}
            <Link to="/signin" className="font-semibold text-marca-700 underline">
              inicia sesión
            </Link>{' '}
            o{' '}
            <Link to="/register" className="font-semibold text-marca-700 underline">
              crea una cuenta
            </Link>
            : tu canasta se guarda en tu cuenta.
          </p>
        )}
      </div>

      <ConfirmDialog
        open={confirmarVaciar}
        title="Desea eliminar los elementos de esta tienda?"
        confirmLabel="Vaciar"
        danger
        busy={ocupado === 'vaciar'}
        onCancel={() => setConfirmarVaciar(false)}
        onConfirm={() =>
          void run('vaciar', () => canasta.clear()).then((ok) => {
            setConfirmarVaciar(false);
            if (ok) notify.success(`Canasta de ${nombreTienda} vaciada`);
          })
        }
      >
        <p className="text-stone-700">
          Se quitarán todos los productos de {nombreTienda} de tu carrito.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** The first edition's 'Pagar': the minimum rule, a confirmation, then proccesscart. */
function PagarConCuenta(props: {
  canasta: Canasta;
  bloqueado: boolean;
  onProcessed: (pedido: PedidoEnviado) => void;
  procesar: ProcesarCanasta;
}) {
  const { canasta, onProcessed } = props;
  const { totales } = canasta;
  const [intentoPagar, setIntentoPagar] = useState(false);
  const [confirmarPedido, setConfirmarPedido] = useState(false);
  const [procesando, setProcesando] = useState(false);
  const [errorPedido, setErrorPedido] = useState<string>();
  // Kept until the order goes through, so a retry after a lost answer can't order twice.
  const idempotencyKey = useRef<string | undefined>(undefined);
  const usuario = canasta.tienda?.usuario ?? '';

  function pagar() {
    setIntentoPagar(true);
    if (!totales.alcanzaMinimo) return;
    setErrorPedido(undefined);
    setConfirmarPedido(true);
  }

  async function procesar() {
    // The summary is of the basket as confirmed, before the answer removes it.
    const resumen = resumenDeCanasta(canasta);
    const celularTienda = canasta.tienda?.celular ?? '';
    idempotencyKey.current ??= newIdempotencyKey();
    setProcesando(true);
    setErrorPedido(undefined);
    try {
      const { pedidoId } = await props.procesar(canasta.tiendaId, idempotencyKey.current);
      idempotencyKey.current = undefined;
      setConfirmarPedido(false);
      onProcessed({ resumen: { ...resumen, pedidoId }, celularTienda });
    } catch (error) {
      setErrorPedido(mensajeDe(error));
    } finally {
      setProcesando(false);
    }
  }

  const disponibles = canasta.lineas.filter((l) => l.disponible);
  return (
    <>
      {intentoPagar && !totales.alcanzaMinimo && (
        <p
          role="alert"
          className="mb-3 scroll-mt-20 rounded-lg bg-amber-50 p-3 font-medium text-amber-900"
        >
          {pedidoMessages.montoMinimo}
        </p>
      )}
      <div className="flex justify-end">
        <Button disabled={props.bloqueado || procesando} onClick={pagar}>
          Pagar
        </Button>
      </div>
      <ConfirmDialog
        open={confirmarPedido}
        title={`Desea procesar la orden de @${usuario}`}
        confirmLabel="Procesar"
        busy={procesando}
        onCancel={() => setConfirmarPedido(false)}
        onConfirm={() => void procesar()}
      >
        <table className="mb-3 w-full text-left text-sm">
          <caption className="sr-only">Productos de la orden</caption>
          <thead>
            <tr className="border-b border-stone-200">
              <th scope="col" className="py-1 font-semibold">
                Producto
              </th>
              <th scope="col" className="py-1 text-center font-semibold">
                Cantidad
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Importe
              </th>
            </tr>
          </thead>
          <tbody>
            {disponibles.map((linea) => (
              <tr key={linea.clave} className="border-b border-stone-100">
                <td className="py-1">
                  {linea.nombre}
                  {linea.opciones.length > 0 && (
                    <span className="block text-stone-600">{textoDeOpciones(linea.opciones)}</span>
                  )}
                </td>
                <td className="py-1 text-center">{linea.cantidad}</td>
                <td className="py-1 text-right">{formatPesos(importeDeLinea(linea))}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <TotalesLista totales={totales} conMinimo={false} />
        {errorPedido && (
          <p
            role="alert"
            className="mt-3 scroll-mt-20 rounded-lg bg-red-50 p-3 font-medium text-red-800"
          >
            {errorPedido}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
