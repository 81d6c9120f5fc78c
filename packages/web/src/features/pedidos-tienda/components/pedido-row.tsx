import {
  formatFechaPedido,
  formatPesos,
  MINUTOS_RAPIDOS,
  pesosToCentavos,
  type PedidoDetalle,
} from '@tianguis/domain';
import { CalendarClock, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FieldError } from '../../../components/ui/field';
import { runAccionPedido, type AccionPedido } from '../api/finish-pedido';
import { textoDeZona } from '../../pedidos';
import type { PedidoTienda } from '../api/get-pedidos-tienda';
import { formatHace } from './actualizacion-indicador';
import { AceptarDialog } from './pedido-acciones';
import {
  isTransferenciaPendiente,
  marcaDeOrigen,
  textoCambio,
  textoEntrega,
  textoAceptarProgramado,
  textoListoEstimado,
  textoMetodoPago,
  textoProgramado,
} from './pedido-estado';
import { PedidoEscaladoBadge, PedidoOrigenBadge, PedidoStatusBadge } from './pedido-status-badge';

/** The time the card offers first ("Aceptar · 15 min"); the other quick times sit beside it. */
export const MINUTOS_PRIMEROS = MINUTOS_RAPIDOS[1];

/**
 * "2× Pastor · harina · sin cebolla": what to cook, in one line (the options by their names
 * alone, as a cook reads them; the detail and the ticket name their groups).
 */
export function textoDeLinea(linea: PedidoDetalle): string {
  const partes = [
    `${linea.cantidad}× ${linea.nombreProducto}`,
    ...linea.opciones.map((o) => o.nombre),
  ];
  if (linea.nota) partes.push(linea.nota);
  return partes.join(' · ');
}

/**
 * "hace un momento", "hace 12 min", "hace 2 h": how long an order has waited (the board's own
 * "hace …", by the minute); nothing past a day, where the date says it.
 */
export function textoEdad(fecha: string, now: Date): string | undefined {
  const ms = now.getTime() - Date.parse(fecha);
  if (!Number.isFinite(ms) || ms >= 86_400_000) return undefined;
  return ms < 60_000 ? 'hace un momento' : formatHace(ms);
}

/** How it is paid, in the board's words: 'Efectivo · Paga con $ 500.00 · llevar cambio …'. */
function textoPago(pedido: PedidoTienda): string {
  const metodo = textoMetodoPago(pedido.pago);
  if (isTransferenciaPendiente(pedido)) return `${metodo} por confirmar`;
  const cambio = textoCambio(pedido.pago);
  return cambio ? `${metodo} · ${cambio}` : metodo;
}

const botonRapido =
  'inline-flex min-h-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/**
 * "Aceptar · 15 min" and the other quick times, one tap each, on the card; "Otro" opens the
 * dialog for any time. A scheduled order offers its own time first ('Para las 14:00': ready at
 * its slot), then every quick time. A refusal (another device acted first) stays on the card,
 * read out.
 */
function AceptarRapido({
  pedido,
  now,
  timeZone,
}: {
  pedido: PedidoTienda;
  now: Date;
  timeZone: string;
}) {
  const [enCurso, setEnCurso] = useState<number | 'otro' | 'programado' | undefined>();
  const [dialogo, setDialogo] = useState(false);
  const [error, setError] = useState<string>();
  const aceptar = async (
    accion: AccionPedido & { tipo: 'aceptar' },
    desde: number | 'otro' | 'programado',
  ) => {
    setEnCurso(desde);
    setError(undefined);
    try {
      await runAccionPedido(pedido.id, accion);
      setDialogo(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setDialogo(false);
    } finally {
      setEnCurso(undefined);
    }
  };
  const ocupado = enCurso !== undefined;
  const programado = textoAceptarProgramado(pedido, now, timeZone);
  const otros =
    programado === undefined
      ? MINUTOS_RAPIDOS.filter((m) => m !== MINUTOS_PRIMEROS)
      : MINUTOS_RAPIDOS;
  const primario = `${botonRapido} min-h-12 border-marca-600 bg-marca-600 text-base text-white hover:bg-marca-700`;
  const otro = (
    <button
      type="button"
      onClick={() => setDialogo(true)}
      disabled={ocupado}
      aria-label="Aceptar con otro tiempo"
      className={`${botonRapido} border-stone-300 bg-white px-1 text-stone-800 hover:bg-stone-100 ${programado === undefined ? '' : 'min-h-12 w-16 shrink-0'}`}
    >
      Otro
    </button>
  );
  return (
    <div className="mt-3">
      <div
        role="group"
        aria-label={`Aceptar el pedido ${pedido.id}`}
        className="flex flex-col gap-2"
      >
        {programado === undefined ? (
          <button
            type="button"
            onClick={() =>
              void aceptar({ tipo: 'aceptar', minutos: MINUTOS_PRIMEROS }, MINUTOS_PRIMEROS)
            }
            disabled={ocupado}
            aria-busy={enCurso === MINUTOS_PRIMEROS || undefined}
            className={primario}
          >
            {enCurso === MINUTOS_PRIMEROS ? 'Aceptando…' : `Aceptar · ${MINUTOS_PRIMEROS} min`}
          </button>
        ) : (
          // Without minutes: ready at its time (docs/api.md, "Orders for later"). "Otro" sits
          // beside it, so the five quick times keep the row they have on any other card.
          <div className="flex gap-1.5">
            <button
              type="button"
              onClick={() => void aceptar({ tipo: 'aceptar' }, 'programado')}
              disabled={ocupado}
              aria-busy={enCurso === 'programado' || undefined}
              className={`${primario} min-w-0 flex-1`}
            >
              {enCurso === 'programado' ? 'Aceptando…' : programado}
            </button>
            {otro}
          </div>
        )}
        <div className="grid grid-cols-5 gap-1.5">
          {otros.map((m) => (
            <button
              key={m}
              type="button"
              onClick={() => void aceptar({ tipo: 'aceptar', minutos: m }, m)}
              disabled={ocupado}
              aria-busy={enCurso === m || undefined}
              aria-label={`Aceptar · ${m} min`}
              className={`${botonRapido} border-stone-300 bg-white px-1 whitespace-nowrap text-stone-800 hover:bg-stone-100`}
            >
              {m} min
            </button>
          ))}
          {programado === undefined && otro}
        </div>
      </div>
      <FieldError message={error} className="mt-2" />
      {dialogo && (
        <AceptarDialog
          open
          programado={programado}
          pedidoId={pedido.id}
          busy={enCurso === 'otro'}
          error={undefined}
          onConfirm={(accion) => {
            if (accion.tipo === 'aceptar') void aceptar(accion, 'otro');
          }}
          onCancel={() => setDialogo(false)}
        />
      )}
    </div>
  );
}

/**
 * The card's one-tap next step once accepted (docs/api.md, "Staff and the kitchen"): "Marcar
 * listo" on an ACEPTADO order, "Completar" on a LISTO one (handed over at the counter). The
 * answered order replaces the card's; a refusal (another device acted first) stays on the card,
 * read out, and the list is read again.
 */
function SiguientePaso({ pedido }: { pedido: PedidoTienda }) {
  const [enCurso, setEnCurso] = useState(false);
  const [error, setError] = useState<string>();
  const listo = pedido.status === 'ACEPTADO';
  const texto = listo ? 'Marcar listo' : 'Completar';
  const ejecutar = async () => {
    setEnCurso(true);
    setError(undefined);
    try {
      await runAccionPedido(pedido.id, { tipo: listo ? 'listo' : 'completar' });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setEnCurso(false);
    }
  };
  return (
    <div className="mt-3">
      <button
        type="button"
        onClick={() => void ejecutar()}
        disabled={enCurso}
        aria-busy={enCurso || undefined}
        aria-label={`${texto}, pedido #${pedido.id}`}
        className={`${botonRapido} min-h-12 w-full text-base text-white ${listo ? 'border-emerald-800 bg-emerald-800 hover:bg-emerald-900' : 'border-marca-600 bg-marca-600 hover:bg-marca-700'}`}
      >
        {enCurso ? (listo ? 'Marcando…' : 'Completando…') : texto}
      </button>
      <FieldError message={error} className="mt-2" />
    </div>
  );
}

/** 'hace 12 min' while it waits; 'Listo hace 3 min' once the kitchen is done. */
function textoEspera(pedido: PedidoTienda, now: Date): string | undefined {
  if (pedido.status === 'NUEVO' || pedido.status === 'ACEPTADO') {
    return textoEdad(pedido.fecha, now);
  }
  if (pedido.status === 'LISTO' && pedido.listoEn) {
    const edad = textoEdad(pedido.listoEn, now);
    return edad ? `Listo ${edad}` : undefined;
  }
  return undefined;
}

/**
 * One order on the board, as the cook needs it: who, how long it has waited, each line with its
 * options and note, pickup or delivery, payment and total; a NUEVO order is accepted from here,
 * an ACEPTADO one marked ready and a LISTO one completed.
 * The heading links to the detail (the order goes as navigation state).
 */
export function PedidoRow({
  pedido,
  timeZone,
  now,
}: {
  pedido: PedidoTienda;
  timeZone: string;
  now: Date;
}) {
  const detallesId = useId();
  const listo = textoListoEstimado(pedido, timeZone);
  const para = textoProgramado(pedido, now, timeZone);
  const edad = textoEspera(pedido, now);
  const direccion = pedido.entrega?.tipo === 'RECOGER' ? undefined : pedido.entrega?.direccion;
  const zona = textoDeZona(pedido.entrega);
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-3">
      <article aria-labelledby={`${detallesId}-t`}>
        <Link
          id={`${detallesId}-t`}
          to={`/pedidosdetalle?id=${pedido.id}`}
          state={{ pedido }}
          aria-label={`Pedido ${pedido.id} de ${pedido.nombreCompleto}, ver detalle`}
          className="-m-1 flex items-center gap-2 rounded-lg p-1 hover:bg-marca-50"
        >
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-baseline justify-between gap-x-2">
              <span className="min-w-0 font-semibold break-words">
                <span className="font-normal text-stone-600">Usuario: </span>
                {pedido.nombreCompleto}
              </span>
              <span className="text-sm text-stone-600">#{pedido.id}</span>
            </span>
          </span>
          <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
        </Link>
        <div>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <PedidoStatusBadge status={pedido.status} />
            <PedidoEscaladoBadge escalado={pedido.escalado} />
            <PedidoOrigenBadge marca={marcaDeOrigen(pedido)} />
            {edad && <span className="font-medium text-stone-800">{edad}</span>}
            <time dateTime={pedido.fecha} className="text-stone-600">
              {formatFechaPedido(pedido.fecha, timeZone)}
            </time>
          </p>
          {para && (
            <p className="mt-1 flex items-center gap-1.5 font-semibold text-violet-900">
              <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
              {para}
            </p>
          )}
          {listo && <p className="mt-1 text-sm font-medium text-sky-900">{listo}</p>}
          <ul aria-label="Productos" className="mt-2 flex flex-col gap-0.5">
            {pedido.pedidoDetalles.map((l, index) => (
              <li key={index} className="break-words">
                {textoDeLinea(l)}
              </li>
            ))}
          </ul>
          {pedido.nota && (
            <p className="mt-1 text-sm break-words whitespace-pre-line text-amber-900">
              <span className="font-semibold">Nota:</span> {pedido.nota}
            </p>
          )}
          <p className="mt-2 text-sm break-words text-stone-700">
            {textoEntrega(pedido.entrega)}
            {zona ? ` · ${zona}` : ''}
            {direccion ? ` · ${direccion}` : ''}
          </p>
          <p className="text-sm text-stone-700">
            {textoPago(pedido)} ·{' '}
            <span className="font-semibold text-stone-900">
              {formatPesos(pesosToCentavos(pedido.montoTotal))}
            </span>
          </p>
        </div>
        {pedido.status === 'NUEVO' && (
          <AceptarRapido pedido={pedido} now={now} timeZone={timeZone} />
        )}
        {(pedido.status === 'ACEPTADO' || pedido.status === 'LISTO') && (
          <SiguientePaso pedido={pedido} />
        )}
      </article>
    </li>
  );
}
