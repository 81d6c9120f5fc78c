import { textosDeOpcionesPorGrupo } from '@tianguis/domain';
import { AlarmClock, CalendarClock, Check, Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import {
  runAccionPedido,
  type PedidoTienda,
  textoEntrega,
  textoProgramado,
} from '../../pedidos-tienda';
import { cocinaMessages, tiempoDeComanda, vencimientoDe } from '../logic/cocina';

/**
 * One accepted order as the kitchen reads it from across the room: 'Pedido #12', pickup or
 * delivery (never the phone or the address), 'Para las 14:00' when scheduled, the minutes left
 * or late, each line ('2 x Taco al pastor') with its options and note, the order's note, and one
 * big "Listo". While the call is under way the button says so (and holds further taps); a 409 (another device moved the
 * order first) goes to `onCambio`, which reloads and says it; any other failure stays on the
 * ticket, read out, and the button works again.
 */
export function Comanda(props: {
  pedido: PedidoTienda;
  now: Date;
  timeZone: string;
  onCambio: (pedidoId: number) => void;
  /** Before the call: the display keeps the keyboard's place when the ticket leaves. */
  onListo?: (pedidoId: number) => void;
  /** The "Listo" button, for the display to move focus to. */
  registerBoton?: (boton: HTMLButtonElement | null) => void;
}) {
  const { pedido, now, timeZone, registerBoton } = props;
  const id = useId();
  const [enCurso, setEnCurso] = useState(false);
  const [error, setError] = useState<string>();
  const para = textoProgramado(pedido, now, timeZone);
  const tiempo = tiempoDeComanda(vencimientoDe(pedido), now.getTime());
  const tarde = tiempo?.tarde === true;

  const marcarListo = async () => {
    // Held, not disabled, while under way: a disabled button would drop the keyboard's focus.
    if (enCurso) return;
    props.onListo?.(pedido.id);
    setEnCurso(true);
    setError(undefined);
    try {
      // The answer (LISTO) goes into the shared list: the ticket leaves the display.
      await runAccionPedido(pedido.id, { tipo: 'listo' });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) props.onCambio(pedido.id);
      else setError(e instanceof Error ? e.message : String(e));
    } finally {
      setEnCurso(false);
    }
  };

  return (
    <article
      aria-labelledby={`${id}-t`}
      className={`flex h-full flex-col rounded-2xl border-2 bg-white p-4 text-stone-950 shadow-sm ${tarde ? 'border-red-700' : 'border-stone-800'}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={`${id}-t`} className="text-2xl font-extrabold">
          Pedido #{pedido.id}
        </h2>
        <p className="text-lg font-semibold">{textoEntrega(pedido.entrega)}</p>
      </header>
      <p className="text-lg break-words text-stone-800">{pedido.nombreCompleto}</p>
      {para && (
        <p className="mt-1 flex items-center gap-1.5 text-xl font-bold text-violet-900">
          <CalendarClock aria-hidden="true" className="size-6 shrink-0" />
          {para}
        </p>
      )}
      {tiempo && (
        <p
          className={`mt-1 flex items-center gap-1.5 self-start rounded-lg px-2 py-0.5 text-xl font-bold ${tarde ? 'bg-red-700 text-white' : 'bg-stone-100 text-stone-950'}`}
        >
          {tarde ? (
            <AlarmClock aria-hidden="true" className="size-6 shrink-0" />
          ) : (
            <Clock aria-hidden="true" className="size-6 shrink-0" />
          )}
          {tiempo.texto}
        </p>
      )}
      <ul
        aria-label="Productos"
        className="mt-3 flex flex-col gap-2 border-t-2 border-stone-300 pt-3"
      >
        {pedido.pedidoDetalles.map((linea, index) => (
          <li key={index} className="break-words">
            <p className="text-2xl leading-tight font-bold">
              {linea.cantidad} x {linea.nombreProducto}
            </p>
            {textosDeOpcionesPorGrupo(linea.opciones ?? []).map((texto) => (
              <p key={texto} className="pl-4 text-xl leading-snug">
                {texto}
              </p>
            ))}
            {linea.nota && (
              <p className="mt-0.5 ml-4 rounded bg-amber-100 px-2 text-xl leading-snug font-semibold text-amber-950">
                Nota: {linea.nota}
              </p>
            )}
          </li>
        ))}
      </ul>
      {pedido.nota && (
        <p className="mt-3 rounded-lg border-2 border-amber-700 bg-amber-50 p-2 text-xl break-words whitespace-pre-line text-amber-950">
          <span className="font-bold">Nota del pedido:</span> {pedido.nota}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-lg font-semibold text-red-800">
          {error}
        </p>
      )}
      {/* Pushed to the bottom: the buttons of a row of tickets line up. */}
      <div className="mt-auto pt-4">
        <button
          type="button"
          ref={registerBoton}
          onClick={() => void marcarListo()}
          aria-disabled={enCurso || undefined}
          aria-busy={enCurso || undefined}
          aria-label={`${enCurso ? cocinaMessages.marcando : cocinaMessages.listo}, pedido #${pedido.id}`}
          className="inline-flex min-h-16 w-full items-center justify-center gap-2 rounded-xl bg-green-800 px-4 text-2xl font-extrabold text-white hover:bg-green-900 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-green-900 aria-disabled:cursor-wait aria-disabled:bg-stone-600"
        >
          <Check aria-hidden="true" className="size-7" />
          {enCurso ? cocinaMessages.marcando : cocinaMessages.listo}
        </button>
      </div>
    </article>
  );
}
