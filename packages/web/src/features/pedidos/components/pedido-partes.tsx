import {
  centavosDe,
  formatPesos,
  importeDeLinea,
  whatsappUrl,
  type OpcionElegidaVista,
  type PedidoDetalle,
  type PedidoVista,
} from '@tianguis/domain';
import { Check, Copy, ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';

// The parts of an order a shopper sees, shared by Mis Pedidos and the guest's tracking page.

const horas = new Map<string, Intl.DateTimeFormat>();

/** '14:35' for an ISO time, in the browser's time zone (or the one given); '' if unreadable. */
export function formatHora(iso: string | null, timeZone?: string): string {
  const ms = iso === null ? Number.NaN : Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const clave = timeZone ?? '';
  let formato = horas.get(clave);
  if (!formato) {
    formato = new Intl.DateTimeFormat('es-MX', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    horas.set(clave, formato);
  }
  return formato.format(ms);
}

/** The status as one sentence: 'Aceptado · listo aprox. a las 14:35'. */
export function textoDeEstado(pedido: PedidoVista, timeZone?: string): string {
  switch (pedido.status) {
    case 'ACEPTADO': {
      const hora = formatHora(pedido.listoEstimado, timeZone);
      return hora ? `Aceptado · listo aprox. a las ${hora}` : 'Aceptado';
    }
    case 'COMPLETADO':
      return 'Completado';
    case 'CANCELADO':
      return 'Cancelado';
    default:
      return 'Nuevo · esperando a que la tienda lo acepte';
  }
}

/** Options grouped by their group, in the order they were chosen: 'Tortilla: Harina'. */
export function textoDeOpcionesElegidas(opciones: readonly OpcionElegidaVista[]): string[] {
  const grupos = new Map<string, string[]>();
  for (const o of opciones) {
    const nombres = grupos.get(o.grupo) ?? [];
    nombres.push(o.nombre);
    grupos.set(o.grupo, nombres);
  }
  return [...grupos].map(([grupo, nombres]) => `${grupo}: ${nombres.join(', ')}`);
}

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

/** One order line: product, amount, quantity × unit price, its options and its note. */
export function LineaDePedido({ linea }: { linea: PedidoDetalle }) {
  const opciones = textoDeOpcionesElegidas(linea.opciones ?? []);
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
        {opciones.map((o) => (
          <p key={o} className="text-sm break-words text-stone-700">
            {o}
          </p>
        ))}
        {linea.nota && (
          <p className="text-sm break-words text-stone-700 italic">Nota: {linea.nota}</p>
        )}
      </div>
    </li>
  );
}

/** Subtotal, shipping (only for delivery) and the server's total. */
export function TotalesDePedido({ pedido }: { pedido: PedidoVista }) {
  const total = centavosDe(pedido.montoTotal);
  const envio = centavosDe(pedido.costoDeEnvio);
  const conEnvio = pedido.entrega.tipo === 'DOMICILIO';
  const fila = (termino: string, monto: number, fuerte = false) => (
    <div className={`flex justify-between gap-4 ${fuerte ? 'text-lg font-bold' : ''}`}>
      <dt>{termino}</dt>
      <dd>{formatPesos(monto)}</dd>
    </div>
  );
  return (
    <dl className="mt-2 space-y-1 border-t border-stone-200 pt-3">
      {fila('Subtotal', conEnvio ? total - envio : total)}
      {conEnvio && fila('Envío', envio)}
      {fila('Total', total, true)}
    </dl>
  );
}

/** Pickup, or delivery with its address and references. */
export function EntregaDePedido({ pedido }: { pedido: PedidoVista }) {
  const { entrega } = pedido;
  if (entrega.tipo === 'RECOGER') {
    return (
      <p>
        <span className="font-medium">Entrega:</span> Recoger en la tienda
      </p>
    );
  }
  const direccion = entrega.direccion ?? pedido.direccionEntrega;
  return (
    <div>
      <p>
        <span className="font-medium">Entrega:</span> Envío a domicilio
      </p>
      {direccion && <p className="break-words text-stone-800">{direccion}</p>}
      {entrega.referencias && (
        <p className="text-sm break-words text-stone-700">Referencias: {entrega.referencias}</p>
      )}
    </div>
  );
}

/** A button that copies a text (the CLABE) and says so for a moment. */
export function CopiarBoton({ texto, etiqueta }: { texto: string; etiqueta: string }) {
  const [copiado, setCopiado] = useState<boolean>();
  useEffect(() => {
    if (copiado === undefined) return;
    const timer = setTimeout(() => setCopiado(undefined), 3000);
    return () => clearTimeout(timer);
  }, [copiado]);
  async function copiar() {
    try {
      await navigator.clipboard.writeText(texto);
      setCopiado(true);
    } catch {
      setCopiado(false);
    }
  }
  return (
    <>
      <button
        type="button"
        onClick={() => void copiar()}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 font-semibold hover:bg-stone-100"
      >
        {copiado ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {etiqueta}
      </button>
      <span role="status" className="text-sm text-stone-700">
        {copiado === true
          ? 'Copiada'
          : copiado === false
            ? 'No se pudo copiar; cópiala a mano'
            : ''}
      </span>
    </>
  );
}

const METODO_TEXTO: Record<PedidoVista['pago']['metodo'], string> = {
  EFECTIVO: 'Efectivo',
  TRANSFERENCIA: 'Transferencia',
  TERMINAL: 'Tarjeta (terminal)',
};

/** Cash with its change, transfer with the CLABE to copy and the concept, or the terminal. */
export function PagoDePedido({ pedido }: { pedido: PedidoVista }) {
  const { pago } = pedido;
  return (
    <div>
      <p>
        <span className="font-medium">Pago:</span> {METODO_TEXTO[pago.metodo] ?? pago.metodo}
        {pago.pagado && (
          <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">
            Pagado
          </span>
        )}
      </p>
      {pago.metodo === 'EFECTIVO' && pago.pagaCon !== null && (
        <p className="text-stone-800">
          Paga con {formatPesos(centavosDe(pago.pagaCon))}
          {pago.cambio !== null && ` · cambio ${formatPesos(centavosDe(pago.cambio))}`}
        </p>
      )}
      {pago.metodo === 'TRANSFERENCIA' && (
        <div className="mt-2 space-y-1 rounded-lg bg-stone-100 p-3">
          {pago.clabe ? (
            <>
              <p>
                CLABE: <span className="font-mono font-semibold tracking-wide">{pago.clabe}</span>
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <CopiarBoton texto={pago.clabe} etiqueta="Copiar CLABE" />
              </div>
            </>
          ) : (
            <p>La tienda te dirá a qué cuenta transferir.</p>
          )}
          {pago.banco && <p>Banco: {pago.banco}</p>}
          {pago.titular && <p className="break-words">Titular: {pago.titular}</p>}
          {pago.referencia && (
            <p>
              Escribe en el concepto: <span className="font-semibold">{pago.referencia}</span>
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The order as a WhatsApp message to the shop, from the server's lines and total (what was
 * charged), with each line's options and note, the delivery, the payment and the order's note.
 */
export function textoWhatsAppDePedido(pedido: PedidoVista, seguimientoUrl?: string): string {
  const total = centavosDe(pedido.montoTotal);
  const envio = centavosDe(pedido.costoDeEnvio);
  const conEnvio = pedido.entrega.tipo === 'DOMICILIO';
  const lineas: string[] = [
    `Hola, acabo de hacer el pedido #${pedido.id} en ${pedido.nombreTienda}:`,
  ];
  for (const l of pedido.pedidoDetalles) {
    const opciones = textoDeOpcionesElegidas(l.opciones ?? []);
    const detalle = opciones.length > 0 ? ` (${opciones.join('; ')})` : '';
    lineas.push(
      `${l.cantidad} x ${l.nombreProducto}${detalle} — ${formatPesos(importeDeLinea(l))}`,
    );
    if (l.nota) lineas.push(`   Nota: ${l.nota}`);
  }
  lineas.push(`Subtotal: ${formatPesos(conEnvio ? total - envio : total)}`);
  if (conEnvio) lineas.push(`Envío: ${formatPesos(envio)}`);
  lineas.push(`Total: ${formatPesos(total)}`);
  if (conEnvio) {
    const direccion = pedido.entrega.direccion ?? pedido.direccionEntrega;
    const referencias = pedido.entrega.referencias ? ` (${pedido.entrega.referencias})` : '';
    lineas.push(`Entrega a domicilio: ${direccion}${referencias}`);
  } else {
    lineas.push('Paso a recoger a la tienda');
  }
  const { pago } = pedido;
  let textoPago = `Pago: ${METODO_TEXTO[pago.metodo] ?? pago.metodo}`;
  if (pago.metodo === 'EFECTIVO' && pago.pagaCon !== null) {
    textoPago += `, pago con ${formatPesos(centavosDe(pago.pagaCon))}`;
    if (pago.cambio !== null) textoPago += ` (cambio ${formatPesos(centavosDe(pago.cambio))})`;
  }
  if (pago.metodo === 'TRANSFERENCIA' && pago.referencia) {
    textoPago += `, concepto ${pago.referencia}`;
  }
  lineas.push(textoPago);
  if (pedido.nota) lineas.push(`Nota: ${pedido.nota}`);
  lineas.push(`A nombre de: ${pedido.nombreCompleto}, ${pedido.celular}`);
  if (seguimientoUrl) lineas.push(`Seguimiento: ${seguimientoUrl}`);
  return lineas.join('\n');
}

/** A wa.me link to the shop with the order's text, or undefined without a usable number. */
export function whatsappDePedido(pedido: PedidoVista, seguimientoUrl?: string): string | undefined {
  return whatsappUrl(pedido.celularTienda, textoWhatsAppDePedido(pedido, seguimientoUrl));
}
