import {
  centavosDe,
  formatPesos,
  importeDeLinea,
  sumLineas,
  textoPedidoWhatsApp,
  whatsappUrl,
} from '@tianguis/domain';
import { ImageOff, MessageCircle } from 'lucide-react';
import type { PedidoDetalle, PedidoView } from '../api/mis-pedidos';
import { formatFechaPedido } from '../mis-pedidos-fecha';
import { PedidoStatusBadge } from './mis-pedido-status';
import { TiendaImagen } from './tienda-imagen';

function ProductoImagen({ src }: { src: string }) {
  if (!src || src === 'N/A') {
    return (
      <span className="flex size-14 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-400">
        <ImageOff aria-hidden="true" />
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
      className="size-14 shrink-0 rounded-lg bg-stone-100 object-cover"
    />
  );
}

function Linea({ linea }: { linea: PedidoDetalle }) {
  return (
    <li className="flex gap-3 py-3">
      <ProductoImagen src={linea.imagenProducto} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="font-medium break-words">{linea.nombreProducto}</p>
          <p className="shrink-0 font-semibold">{formatPesos(importeDeLinea(linea))}</p>
        </div>
        <p className="text-sm text-stone-700">
          {linea.cantidad} x {formatPesos(centavosDe(linea.precio))}
        </p>
      </div>
    </li>
  );
}

/** The WhatsApp message for an order already placed, or undefined without a shop number. */
export function whatsappDePedidoView(pedido: PedidoView): string | undefined {
  const texto = textoPedidoWhatsApp({
    pedidoId: pedido.id,
    nombreTienda: pedido.nombreTienda,
    costoDeEnvio: pedido.costoDeEnvio,
    lineas: pedido.pedidoDetalles.map((d) => ({
      nombre: d.nombreProducto,
      cantidad: d.cantidad,
      precio: d.precio,
    })),
  });
  return whatsappUrl(pedido.celularTienda, texto);
}

/** One order: the shop, date, status, lines, subtotal, shipping and total. */
export function MisPedidoDetalle({ pedido }: { pedido: PedidoView }) {
  const lineas = pedido.pedidoDetalles.map((d) => ({
    precio: centavosDe(d.precio),
    cantidad: d.cantidad,
  }));
  const subtotal = sumLineas(lineas);
  const envio = centavosDe(pedido.costoDeEnvio);
  // The server's total is what was charged; it equals lines plus shipping (API.md).
  const total = centavosDe(pedido.montoTotal);
  const whatsapp = pedido.status === 'NUEVO' ? whatsappDePedidoView(pedido) : undefined;
  return (
    <article className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <header className="flex gap-3">
        <TiendaImagen src={pedido.tiendaImageUrl} size={64} />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-bold break-words">{pedido.nombreTienda}</h2>
          <p className="text-sm text-stone-700">Pedido #{pedido.id}</p>
          <p className="text-sm text-stone-700">
            <time dateTime={pedido.fecha}>{formatFechaPedido(pedido.fecha)}</time>
          </p>
          <div className="mt-1">
            <PedidoStatusBadge status={pedido.status} />
          </div>
        </div>
      </header>

      <h3 className="mt-4 font-semibold">Productos</h3>
      <ul className="divide-y divide-stone-200">
        {pedido.pedidoDetalles.map((d, i) => (
          <Linea key={`${i}-${d.nombreProducto}`} linea={d} />
        ))}
      </ul>

      <dl className="mt-2 space-y-1 border-t border-stone-200 pt-3">
        <div className="flex justify-between gap-4">
          <dt>Subtotal</dt>
          <dd>{formatPesos(subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Envío</dt>
          <dd>{formatPesos(envio)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-lg font-bold">
          <dt>Total</dt>
          <dd>{formatPesos(total)}</dd>
        </div>
      </dl>

      {pedido.direccionEntrega && (
        <p className="mt-3 text-sm text-stone-700">
          Entregar en: <span className="font-medium">{pedido.direccionEntrega}</span>
        </p>
      )}

      {whatsapp && (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800"
        >
          <MessageCircle aria-hidden="true" />
          Enviar pedido por WhatsApp
        </a>
      )}
    </article>
  );
}
