import {
  centavosDePesos,
  formatArticulos,
  formatCelular,
  formatFechaPedido,
  formatPesos,
  mapsSearchUrl,
  normalizeCelular,
  pedidosTiendaMessages,
  totalesDePedidoTienda,
  whatsappClienteUrl,
} from '@tianguis/domain';
import { ExternalLink, ImageOff, MapPin, MessageCircle, Phone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/field';
import type { AccionPedido } from '../api/finish-pedido';
import type { PedidoTienda } from '../api/get-pedidos-tienda';
import { PedidoStatusBadge } from './pedido-status-badge';

function hasImage(src: string | undefined): src is string {
  return typeof src === 'string' && src.trim() !== '' && src !== 'N/A';
}

function LineaImagen({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (!hasImage(src) || failed) {
    return (
      <span
        aria-hidden="true"
        className="flex size-14 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-400"
      >
        <ImageOff className="size-6" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="size-14 shrink-0 rounded-lg bg-stone-100 object-cover"
    />
  );
}

const CONFIRM: Record<
  AccionPedido,
  { title: string; confirm: string; cancel: string; hecho: string; danger: boolean }
> = {
  completar: {
    title: pedidosTiendaMessages.confirmarCompletar,
    confirm: 'Completar',
    cancel: 'Cancelar',
    hecho: 'Pedido completado',
    danger: false,
  },
  cancelar: {
    title: pedidosTiendaMessages.confirmarCancelar,
    confirm: 'SI',
    cancel: 'No',
    hecho: 'Pedido cancelado',
    danger: true,
  },
};

/**
 * An order as the shop sees it: shop, date, customer with phone, maps and WhatsApp links, lines
 * and totals; while NUEVO, complete or cancel after a confirmation. `onAccion` makes the call
 * (it throws the server's refusal, shown here as it came).
 */
export function PedidoDetalle(props: {
  pedido: PedidoTienda;
  timeZone: string;
  onAccion: (accion: AccionPedido) => Promise<void>;
}) {
  const { pedido, timeZone } = props;
  const [preguntando, setPreguntando] = useState<AccionPedido | undefined>();
  const [enCurso, setEnCurso] = useState(false);
  const [hecho, setHecho] = useState<AccionPedido | undefined>();
  const [error, setError] = useState<string | undefined>();
  const totales = totalesDePedidoTienda(pedido);
  const whatsapp = whatsappClienteUrl(pedido.celular);
  const telefono = normalizeCelular(pedido.celular);

  const confirmar = async () => {
    const accion = preguntando;
    if (!accion) return;
    setEnCurso(true);
    setError(undefined);
    try {
      await props.onAccion(accion);
      setHecho(accion);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setEnCurso(false);
      setPreguntando(undefined);
    }
  };

  const dialog = preguntando ? CONFIRM[preguntando] : undefined;

  return (
    <div>
      <section className="mb-4 rounded-xl border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <Link
              to={`/tienda/${encodeURIComponent(pedido.usuarioTienda)}`}
              className="text-lg font-bold text-marca-700 underline-offset-2 hover:underline"
            >
              {pedido.nombreTienda}
            </Link>
            <p className="text-stone-700">
              Pedido #{pedido.id} ·{' '}
              <time dateTime={pedido.fecha}>
                {formatFechaPedido(pedido.fecha, timeZone, 'completa')}
              </time>
            </p>
          </div>
          <PedidoStatusBadge status={pedido.status} />
        </div>
      </section>

      <section
        aria-labelledby="pedido-cliente"
        className="mb-4 rounded-xl border border-stone-200 bg-white p-4"
      >
        <h2 id="pedido-cliente" className="mb-2 text-lg font-bold">
          Cliente
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-stone-600">Nombre</dt>
          <dd className="font-medium">{pedido.nombreCompleto}</dd>
          <dt className="text-stone-600">Celular</dt>
          <dd>
            {telefono ? (
              <a
                href={`tel:+52${telefono}`}
                className="inline-flex items-center gap-1 font-medium text-marca-700 underline"
              >
                <Phone aria-hidden="true" className="size-4" />
                {formatCelular(pedido.celular)}
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt className="text-stone-600">Dirección de entrega</dt>
          <dd className="break-words">{pedido.direccionEntrega || '—'}</dd>
        </dl>
        <div className="no-print mt-3 flex flex-wrap gap-2">
          {pedido.direccionEntrega.trim() !== '' && (
            <a
              href={mapsSearchUrl(pedido.direccionEntrega)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'text-sm')}
            >
              <MapPin aria-hidden="true" className="size-4" />
              {pedidosTiendaMessages.verEnMaps}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(se abre en otra pestaña)</span>
            </a>
          )}
          {whatsapp && (
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'text-sm')}
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              WhatsApp
              <span className="sr-only">(escribir al cliente, se abre en otra pestaña)</span>
            </a>
          )}
        </div>
      </section>

      <section
        aria-labelledby="pedido-productos"
        className="mb-4 rounded-xl border border-stone-200 bg-white p-4"
      >
        <h2 id="pedido-productos" className="mb-2 text-lg font-bold">
          Productos
        </h2>
        <ul className="divide-y divide-stone-200">
          {pedido.pedidoDetalles.map((l, index) => {
            const precio = centavosDePesos(l.precio);
            return (
              <li key={index} className="flex items-center gap-3 py-2">
                <LineaImagen src={l.imagenProducto} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{l.nombreProducto}</p>
                  <p className="text-sm text-stone-700">
                    <span className="sr-only">Cantidad: </span>
                    {l.cantidad} x {formatPesos(precio)}
                  </p>
                </div>
                <p className="shrink-0 font-semibold">
                  <span className="sr-only">Importe: </span>
                  {formatPesos(precio * l.cantidad)}
                </p>
              </li>
            );
          })}
        </ul>
        <dl className="mt-2 border-t border-stone-200 pt-2">
          <div className="flex justify-between py-0.5">
            <dt>Subtotal ({formatArticulos(totales.cantidadDeArticulos)})</dt>
            <dd>{formatPesos(totales.subtotal)}</dd>
          </div>
          <div className="flex justify-between py-0.5">
            <dt>Costo de envío</dt>
            <dd>{formatPesos(totales.envio)}</dd>
          </div>
          <div className="flex justify-between py-0.5 text-lg font-bold">
            <dt>Total</dt>
            <dd>{formatPesos(totales.total)}</dd>
          </div>
        </dl>
      </section>

      <FormError message={error} />
      {hecho && (
        <p role="status" className="mb-4 rounded-lg bg-green-50 p-3 font-medium text-green-900">
          {CONFIRM[hecho].hecho}
        </p>
      )}
      {pedido.status === 'NUEVO' && !hecho && (
        <div className="no-print flex flex-wrap gap-2">
          <Button onClick={() => setPreguntando('completar')} disabled={enCurso}>
            {pedidosTiendaMessages.completar}
          </Button>
          <Button variant="danger" onClick={() => setPreguntando('cancelar')} disabled={enCurso}>
            {pedidosTiendaMessages.cancelar}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={dialog !== undefined}
        title={dialog?.title ?? ''}
        confirmLabel={dialog?.confirm ?? ''}
        cancelLabel={dialog?.cancel}
        danger={dialog?.danger}
        busy={enCurso}
        onConfirm={() => void confirmar()}
        onCancel={() => setPreguntando(undefined)}
      />
    </div>
  );
}
