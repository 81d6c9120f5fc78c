import {
  pesosToCentavos,
  direccionDePedido,
  formatArticulos,
  formatCelular,
  formatFechaPedido,
  formatPesos,
  isPedidoActivo,
  mapsSearchUrl,
  normalizeCelular,
  pedidosTiendaMessages,
  textoDeOpciones,
  totalesDePedidoTienda,
  whatsappClienteUrl,
} from '@tianguis/domain';
import {
  CalendarClock,
  ExternalLink,
  MapPin,
  MessageCircle,
  PackageCheck,
  Phone,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/field';
import { ProductoImagen } from '../../../components/ui/producto-imagen';
import { Seccion } from '../../../components/ui/seccion';
import { textoDeLugar, textoDeZona } from '../../pedidos';
import type { AccionPedido } from '../api/finish-pedido';
import type { PedidoTienda } from '../api/get-pedidos-tienda';
import { useAhora } from '../hooks/use-ahora';
import { AceptarDialog, CancelarDialog } from './pedido-acciones';
import {
  isTransferenciaPendiente,
  marcaDeOrigen,
  textoCambio,
  textoEntrega,
  textoAceptarProgramado,
  textoListoEn,
  textoListoEstimado,
  textoMetodoPago,
  textoProgramado,
  textosQuienActuo,
} from './pedido-estado';
import { PedidoEscaladoBadge, PedidoOrigenBadge, PedidoStatusBadge } from './pedido-status-badge';

type Dialogo = 'aceptar' | 'completar' | 'cancelar';

const HECHO: Record<AccionPedido['tipo'], string> = {
  aceptar: 'Pedido aceptado',
  listo: 'Pedido listo',
  completar: 'Pedido completado',
  cancelar: 'Pedido cancelado',
  marcarPagado: 'Pago registrado',
};

/**
 * The status the actions follow: the order's, or the one the last action here answered while
 * the order given has not caught up yet.
 */
function estadoTrasAccion(status: string, hecho: AccionPedido['tipo'] | undefined): string {
  if (hecho === 'aceptar' && status === 'NUEVO') return 'ACEPTADO';
  if (hecho === 'listo' && status === 'ACEPTADO') return 'LISTO';
  return status;
}

/**
 * An order as the shop sees it: shop, date, status and marks, who acted on it, shopper with
 * phone and WhatsApp, delivery (with Maps), payment, notes, lines with their options and totals.
 * While NUEVO it can be accepted with a time; once ACEPTADO marked ready ("Marcar listo"); while
 * NUEVO, ACEPTADO or LISTO completed or cancelled (with a reason); a transfer can be marked paid.
 * `onAccion` makes the call (it throws the server's refusal, shown here as it came).
 */
export function PedidoDetalle(props: {
  pedido: PedidoTienda;
  timeZone: string;
  onAccion: (accion: AccionPedido) => Promise<void>;
  /** The time 'Para mañana a las 14:00' is told from; the clock, by the minute, unless given. */
  now?: Date;
}) {
  const { pedido, timeZone } = props;
  const minuto = useAhora(60_000);
  const now = props.now ?? new Date(minuto);
  const para = textoProgramado(pedido, now, timeZone);
  const [dialogo, setDialogo] = useState<Dialogo | undefined>();
  const [enCurso, setEnCurso] = useState(false);
  const [hecho, setHecho] = useState<AccionPedido['tipo'] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const totales = totalesDePedidoTienda(pedido);
  const whatsapp = whatsappClienteUrl(pedido.celular);
  const telefono = normalizeCelular(pedido.celular);
  const direccion = direccionDePedido(pedido);
  const domicilio = pedido.entrega?.tipo !== 'RECOGER';
  const zona = textoDeZona(pedido.entrega);
  const lugar = textoDeLugar(pedido.entrega);
  const listo = textoListoEstimado(pedido, timeZone) ?? textoListoEn(pedido, timeZone);
  const quienes = textosQuienActuo(pedido);
  const cambio = textoCambio(pedido.pago);
  const terminado = hecho === 'completar' || hecho === 'cancelar';
  const activo = isPedidoActivo(pedido.status) && !terminado;
  const estado = estadoTrasAccion(pedido.status, hecho);

  const ejecutar = async (accion: AccionPedido) => {
    setEnCurso(true);
    setError(undefined);
    try {
      await props.onAccion(accion);
      setHecho(accion.tipo);
      setDialogo(undefined);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setError(message);
      // A refused answer is shown on the page, where it stays readable after the dialog.
      setDialogo(undefined);
    } finally {
      setEnCurso(false);
    }
  };

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
          <div className="flex flex-wrap gap-1">
            <PedidoStatusBadge status={pedido.status} />
            <PedidoEscaladoBadge escalado={pedido.escalado} />
            <PedidoOrigenBadge marca={marcaDeOrigen(pedido)} />
          </div>
        </div>
        {pedido.escalado && pedido.status === 'NUEVO' && !terminado && hecho !== 'aceptar' && (
          <p className="mt-2 text-orange-900">
            Este pedido lleva demasiado tiempo sin aceptar: te avisamos por SMS y correo. Acéptalo o
            cancélalo para que tu cliente sepa qué pasa.
          </p>
        )}
        {para && (
          <p className="mt-2 flex items-center gap-1.5 text-lg font-bold text-violet-900">
            <CalendarClock aria-hidden="true" className="size-5 shrink-0" />
            {para}
          </p>
        )}
        {listo && (
          <p
            className={`mt-2 flex items-center gap-1.5 font-semibold ${pedido.status === 'LISTO' ? 'text-emerald-900' : 'text-sky-900'}`}
          >
            {pedido.status === 'LISTO' && (
              <PackageCheck aria-hidden="true" className="size-5 shrink-0" />
            )}
            {listo}
          </p>
        )}
        {quienes.length > 0 && (
          <ul aria-label="Quién lo atendió" className="mt-2 text-stone-800">
            {quienes.map((texto) => (
              <li key={texto} className="break-words">
                {texto}
              </li>
            ))}
          </ul>
        )}
        {pedido.status === 'CANCELADO' && pedido.motivoCancelacion && (
          <p className="mt-2 break-words text-red-900">
            <span className="font-semibold">Motivo de cancelación:</span> {pedido.motivoCancelacion}
          </p>
        )}
      </section>

      <Seccion id="pedido-cliente" titulo="Cliente">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          <dt className="text-stone-600">Nombre</dt>
          <dd className="font-medium break-words">{pedido.nombreCompleto}</dd>
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
        </dl>
        {whatsapp && (
          <div className="no-print mt-3 flex flex-wrap gap-2">
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
          </div>
        )}
      </Seccion>

      <Seccion id="pedido-entrega" titulo="Entrega">
        <p className="font-semibold">{textoEntrega(pedido.entrega)}</p>
        {domicilio && (
          <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            {zona && (
              <>
                <dt className="text-stone-600">Zona</dt>
                <dd className="break-words">{zona}</dd>
              </>
            )}
            <dt className="text-stone-600">Dirección de entrega</dt>
            <dd className="break-words">{direccion || '—'}</dd>
            {lugar && (
              <>
                <dt className="text-stone-600">Colonia</dt>
                <dd className="break-words">{lugar}</dd>
              </>
            )}
            {pedido.entrega?.referencias && (
              <>
                <dt className="text-stone-600">Referencias</dt>
                <dd className="break-words">{pedido.entrega.referencias}</dd>
              </>
            )}
          </dl>
        )}
        {domicilio && direccion !== '' && (
          <div className="no-print mt-3">
            <a
              href={mapsSearchUrl(direccion)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'text-sm')}
            >
              <MapPin aria-hidden="true" className="size-4" />
              {pedidosTiendaMessages.verEnMaps}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(se abre en otra pestaña)</span>
            </a>
          </div>
        )}
      </Seccion>

      <Seccion id="pedido-pago" titulo="Pago">
        <p className="font-semibold">{textoMetodoPago(pedido.pago)}</p>
        {cambio && <p>{cambio}</p>}
        {pedido.pago?.metodo === 'TRANSFERENCIA' && (
          <>
            {pedido.pago.referencia && (
              <p className="break-words">
                <span className="text-stone-600">Referencia:</span> {pedido.pago.referencia}
              </p>
            )}
            <p
              className={`mt-1 inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${pedido.pago.pagado ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
            >
              {pedido.pago.pagado ? 'Pagado' : 'Pago pendiente'}
            </p>
          </>
        )}
        {pedido.pago?.metodo === 'TERMINAL' && (
          <p className="text-stone-700">Cobrar con terminal al entregar.</p>
        )}
        {isTransferenciaPendiente(pedido) &&
          pedido.status !== 'CANCELADO' &&
          hecho !== 'marcarPagado' && (
            <div className="no-print mt-3">
              <Button
                variant="secondary"
                onClick={() => void ejecutar({ tipo: 'marcarPagado' })}
                disabled={enCurso}
              >
                Marcar pagado
              </Button>
            </div>
          )}
      </Seccion>

      {pedido.nota && (
        <Seccion id="pedido-nota" titulo="Nota del pedido">
          <p className="break-words whitespace-pre-line">{pedido.nota}</p>
        </Seccion>
      )}

      <Seccion id="pedido-productos" titulo="Productos">
        <ul className="divide-y divide-stone-200">
          {pedido.pedidoDetalles.map((l, index) => {
            const precio = pesosToCentavos(l.precio);
            const opciones = l.opciones?.length ? textoDeOpciones(l.opciones) : '';
            return (
              <li key={index} className="flex items-start gap-3 py-2">
                <ProductoImagen src={l.imagenProducto} size={56} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{l.nombreProducto}</p>
                  {opciones && (
                    <p className="text-sm break-words text-stone-800">
                      <span className="sr-only">Opciones: </span>
                      {opciones}
                    </p>
                  )}
                  {l.nota && (
                    <p className="text-sm break-words text-amber-900 italic">
                      <span className="font-semibold not-italic">Nota:</span> {l.nota}
                    </p>
                  )}
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
      </Seccion>

      <FormError message={error} />
      {hecho && (
        <p role="status" className="mb-4 rounded-lg bg-green-50 p-3 font-medium text-green-900">
          {HECHO[hecho]}
        </p>
      )}
      {activo && (
        <div className="no-print flex flex-wrap gap-2">
          {estado === 'NUEVO' && (
            <Button onClick={() => setDialogo('aceptar')} disabled={enCurso}>
              Aceptar
            </Button>
          )}
          {estado === 'ACEPTADO' && (
            // One tap, as on the card and the kitchen display.
            <Button
              onClick={() => void ejecutar({ tipo: 'listo' })}
              disabled={enCurso}
              aria-busy={enCurso || undefined}
            >
              Marcar listo
            </Button>
          )}
          <Button
            variant={estado === 'LISTO' ? 'primary' : 'secondary'}
            onClick={() => setDialogo('completar')}
            disabled={enCurso}
          >
            {pedidosTiendaMessages.completar}
          </Button>
          <Button variant="danger" onClick={() => setDialogo('cancelar')} disabled={enCurso}>
            {pedidosTiendaMessages.cancelar}
          </Button>
        </div>
      )}
      <AceptarDialog
        // Opened afresh each time: a scheduled order's own time is chosen again.
        key={dialogo === 'aceptar' ? 'abierto' : 'cerrado'}
        open={dialogo === 'aceptar'}
        programado={textoAceptarProgramado(pedido, now, timeZone)}
        pedidoId={pedido.id}
        busy={enCurso}
        error={undefined}
        onConfirm={(accion) => void ejecutar(accion)}
        onCancel={() => setDialogo(undefined)}
      />
      <ConfirmDialog
        open={dialogo === 'completar'}
        title={pedidosTiendaMessages.confirmarCompletar}
        confirmLabel="Completar"
        cancelLabel="Cancelar"
        busy={enCurso}
        onConfirm={() => void ejecutar({ tipo: 'completar' })}
        onCancel={() => setDialogo(undefined)}
      />
      <CancelarDialog
        open={dialogo === 'cancelar'}
        pedidoId={pedido.id}
        busy={enCurso}
        error={undefined}
        onConfirm={(accion) => void ejecutar(accion)}
        onCancel={() => setDialogo(undefined)}
      />
    </div>
  );
}
