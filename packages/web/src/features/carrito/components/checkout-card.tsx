import {
  CANTIDAD_MAXIMA_POR_LINEA,
  centavosDe,
  formatPesos,
  importeDeLinea,
  pedidoMessages,
  totalesDeCanasta,
  type ResumenDePedido,
  type TotalesDeCanasta,
} from '@tianguis/domain';
import { ImageOff, Minus, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, IconButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/field';
import { notify } from '../../../lib/toast';
import { addItem } from '../api/add-item';
import { clearItem } from '../api/clear-item';
import type { CarritoGrupo, CarritoItem } from '../api/get-carrito';
import { newIdempotencyKey, processCart } from '../api/process-cart';
import { removeCart } from '../api/remove-cart';
import { removeItem } from '../api/remove-item';

/** What a card asks of the server; tests hand in their own to watch the calls. */
export interface CarritoAcciones {
  addItem(productoId: number): Promise<unknown>;
  removeItem(shoppingCartId: number): Promise<unknown>;
  clearItem(productoId: number): Promise<unknown>;
  removeCart(tiendaId: number): Promise<unknown>;
  processCart(tiendaId: number, idempotencyKey: string): Promise<{ pedidoId: number | undefined }>;
}

export const accionesDelServidor: CarritoAcciones = {
  addItem,
  removeItem,
  clearItem,
  removeCart,
  processCart,
};

/** An order just placed, for the notice with the WhatsApp link. */
export interface PedidoEnviado {
  resumen: ResumenDePedido;
  celularTienda: string;
}

const ERROR_GENERICO = 'No pudimos completar la acción. Inténtalo de nuevo.';

function mensajeDe(error: unknown): string {
  return error instanceof Error && error.message ? error.message : ERROR_GENERICO;
}

export function resumenDeGrupo(grupo: CarritoGrupo, pedidoId?: number): ResumenDePedido {
  return {
    pedidoId,
    nombreTienda: grupo.nombreTienda,
    costoDeEnvio: grupo.costoDeEnvio,
    lineas: grupo.listOfShoppingCartMarketStore.map((i) => ({
      nombre: i.nombreProducto,
      cantidad: i.cantidad,
      precio: i.precio,
    })),
  };
}

export function totalesDeGrupo(grupo: CarritoGrupo): TotalesDeCanasta {
  return totalesDeCanasta({
    montoMinimo: grupo.montoMinimo,
    costoDeEnvio: grupo.costoDeEnvio,
    lineas: grupo.listOfShoppingCartMarketStore,
  });
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

function Linea(props: {
  item: CarritoItem;
  ocupado: boolean;
  onQuitar: () => void;
  onAgregar: () => void;
  onEliminar: () => void;
}) {
  const { item, ocupado } = props;
  const nombre = item.nombreProducto;
  return (
    <li className="flex gap-3 py-3">
      <ProductoImagen src={item.imageurl} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="font-medium break-words">{nombre}</p>
          <p className="shrink-0 font-semibold">{formatPesos(importeDeLinea(item))}</p>
        </div>
        <p className="text-sm text-stone-700">{formatPesos(centavosDe(item.precio))} c/u</p>
        {!item.disponible && <p className="text-sm font-semibold text-red-700">Ya no disponible</p>}
        <div className="mt-1 flex items-center gap-1" aria-busy={ocupado || undefined}>
          <IconButton
            label={`Quitar una pieza de ${nombre}`}
            className="border border-stone-300"
            disabled={ocupado}
            onClick={props.onQuitar}
          >
            <Minus aria-hidden="true" />
          </IconButton>
          <span className="min-w-8 text-center font-semibold">
            <span className="sr-only">Cantidad: </span>
            {item.cantidad}
          </span>
          <IconButton
            label={`Agregar una pieza de ${nombre}`}
            className="border border-stone-300"
            disabled={ocupado || !item.disponible || item.cantidad >= CANTIDAD_MAXIMA_POR_LINEA}
            onClick={props.onAgregar}
          >
            <Plus aria-hidden="true" />
          </IconButton>
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

/**
 * One shop's basket at checkout: its lines with quantity buttons, the minimum, subtotal,
 * shipping and total, 'Vaciar Canasta', and 'Pagar' with the minimum rule and the confirmation.
 */
export function CheckoutCard(props: {
  grupo: CarritoGrupo;
  onProcessed: (pedido: PedidoEnviado) => void;
  acciones?: CarritoAcciones;
}) {
  const { grupo, onProcessed } = props;
  const acciones = props.acciones ?? accionesDelServidor;
  const totales = totalesDeGrupo(grupo);
  const [ocupado, setOcupado] = useState<string>();
  const [intentoPagar, setIntentoPagar] = useState(false);
  const [confirmarVaciar, setConfirmarVaciar] = useState(false);
  const [confirmarPedido, setConfirmarPedido] = useState(false);
  const [procesando, setProcesando] = useState(false);
  const [errorPedido, setErrorPedido] = useState<string>();
  // Kept until the order goes through, so a retry after a lost answer can't order twice.
  const idempotencyKey = useRef<string | undefined>(undefined);
  const titleId = `checkout-tienda-${grupo.tiendaId}`;

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

  function pagar() {
    setIntentoPagar(true);
    if (!totales.alcanzaMinimo) return;
    setErrorPedido(undefined);
    setConfirmarPedido(true);
  }

  async function procesar() {
    // The summary is of the basket as confirmed, before the answer removes it.
    const confirmado = grupo;
    idempotencyKey.current ??= newIdempotencyKey();
    setProcesando(true);
    setErrorPedido(undefined);
    try {
      const { pedidoId } = await acciones.processCart(confirmado.tiendaId, idempotencyKey.current);
      idempotencyKey.current = undefined;
      setConfirmarPedido(false);
      onProcessed({
        resumen: resumenDeGrupo(confirmado, pedidoId),
        celularTienda: confirmado.celularTienda,
      });
    } catch (error) {
      setErrorPedido(mensajeDe(error));
    } finally {
      setProcesando(false);
    }
  }

  const bloqueado = ocupado !== undefined || procesando;
  return (
    <section
      aria-labelledby={titleId}
      className="mb-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-bold">
          {grupo.nombreTienda}
        </h2>
        <Link
          to={`/tienda/${encodeURIComponent(grupo.usuarioTienda)}`}
          className="text-sm font-medium text-marca-700 underline"
        >
          Seguir comprando en @{grupo.usuarioTienda}
        </Link>
      </div>
      <ul className="divide-y divide-stone-200">
        {grupo.listOfShoppingCartMarketStore.map((item) => {
          const clave = `linea-${item.shoppingCartId}`;
          return (
            <Linea
              key={item.shoppingCartId}
              item={item}
              ocupado={bloqueado}
              onQuitar={() => void run(clave, () => acciones.removeItem(item.shoppingCartId))}
              onAgregar={() => void run(clave, () => acciones.addItem(item.productoId))}
              onEliminar={() => void run(clave, () => acciones.clearItem(item.productoId))}
            />
          );
        })}
      </ul>
      <div className="mt-2 border-t border-stone-200 pt-3">
        <TotalesLista totales={totales} />
      </div>
      {intentoPagar && !totales.alcanzaMinimo && (
        <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 font-medium text-amber-900">
          {pedidoMessages.montoMinimo}
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={bloqueado} onClick={() => setConfirmarVaciar(true)}>
          Vaciar Canasta
        </Button>
        <Button disabled={bloqueado} onClick={pagar}>
          Pagar
        </Button>
      </div>

      <ConfirmDialog
        open={confirmarVaciar}
        title="Desea eliminar los elementos de esta tienda?"
        confirmLabel="Vaciar"
        danger
        busy={ocupado === 'vaciar'}
        onCancel={() => setConfirmarVaciar(false)}
        onConfirm={() =>
          void run('vaciar', () => acciones.removeCart(grupo.tiendaId)).then((ok) => {
            setConfirmarVaciar(false);
            if (ok) notify.success(`Canasta de ${grupo.nombreTienda} vaciada`);
          })
        }
      >
        <p className="text-stone-700">
          Se quitarán todos los productos de {grupo.nombreTienda} de tu carrito.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={confirmarPedido}
        title={`Desea procesar la orden de @${grupo.usuarioTienda}`}
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
            {grupo.listOfShoppingCartMarketStore.map((item) => (
              <tr key={item.shoppingCartId} className="border-b border-stone-100">
                <td className="py-1">{item.nombreProducto}</td>
                <td className="py-1 text-center">{item.cantidad}</td>
                <td className="py-1 text-right">{formatPesos(importeDeLinea(item))}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <TotalesLista totales={totales} conMinimo={false} />
        <div className="mt-3">
          <FormError message={errorPedido} />
        </div>
      </ConfirmDialog>
    </section>
  );
}
