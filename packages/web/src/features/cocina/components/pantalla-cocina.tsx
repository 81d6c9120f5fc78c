import { horaDePedido } from '@tianguis/domain';
import { PackageCheck, RefreshCw, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import type { PedidoTienda, EstadoConexion } from '../../pedidos-tienda';
import { cocinaMessages, comandasDeCocina, listosRecientes } from '../logic/cocina';
import { Comanda } from './comanda';

/** The live state in words a cook reads at a glance: 'En vivo', 'Conectando…', 'Sin conexión'. */
function Conexion({ conexion }: { conexion: EstadoConexion }) {
  const live = conexion === 'en-vivo';
  const sin = conexion === 'sin-conexion';
  return (
    <p className="flex items-center gap-2 text-base font-semibold">
      <span
        aria-hidden="true"
        className={`size-3 shrink-0 rounded-full ${live ? 'animate-pulse bg-green-600' : sin ? 'bg-red-700' : 'bg-amber-500'}`}
      />
      {live && <span className="text-green-800">{cocinaMessages.enVivo}</span>}
      {conexion === 'conectando' && (
        <span className="text-stone-800">{cocinaMessages.conectando}</span>
      )}
      {sin && (
        <span className="text-red-800">
          {cocinaMessages.sinConexion}
          <span className="font-normal text-stone-700"> · {cocinaMessages.sinConexionTexto}</span>
        </span>
      )}
    </p>
  );
}

/**
 * Announces the tickets that arrive after the first load ('Nuevo pedido en cocina: #12') to
 * screen readers, from the ids on display: state kept from the previous render, no effect.
 */
function useAnuncioDeNuevas(ids: readonly number[] | undefined): string {
  const clave = ids?.join(',');
  const [previa, setPrevia] = useState<string | undefined>();
  const [anuncio, setAnuncio] = useState('');
  if (clave !== undefined && clave !== previa) {
    setPrevia(clave);
    if (previa !== undefined) {
      const antes = new Set(previa.split(',').filter(Boolean).map(Number));
      const nuevas = (ids ?? []).filter((id) => !antes.has(id));
      if (nuevas.length > 0) setAnuncio(nuevas.map(cocinaMessages.nuevo).join('. '));
    }
  }
  return anuncio;
}

/**
 * The kitchen display (docs/web-screens.md, "The kitchen display"): the accepted orders as
 * tickets, the one due first first, in a grid of columns on a tablet and one column on a phone;
 * the orders marked ready last in a 'Listos' row above them; the live state, 'Actualizar', and
 * what happened when another device moved an order first. Reads the orders given (no fetching here).
 */
export function PantallaCocina(props: {
  pedidos: readonly PedidoTienda[] | undefined;
  error: Error | undefined;
  conexion: EstadoConexion;
  actualizando: boolean;
  onRefresh: () => void;
  now: Date;
  timeZone: string;
  pantallaEncendida: boolean;
}) {
  const { pedidos, now, timeZone } = props;
  const tituloId = useId();
  const listosId = useId();
  const comandas = useMemo(() => (pedidos ? comandasDeCocina(pedidos) : undefined), [pedidos]);
  const listos = useMemo(() => (pedidos ? listosRecientes(pedidos) : []), [pedidos]);
  const anuncio = useAnuncioDeNuevas(comandas?.map((p) => p.id));
  const [cambios, setCambios] = useState<readonly number[]>([]);
  const titulo = useRef<HTMLHeadingElement>(null);
  const botones = useRef(new Map<number, HTMLButtonElement>());
  // Where the keyboard goes once a ticket marked ready leaves: the next ticket's "Listo" (the
  // one before it for the last), else the title. Only when focus was on that ticket's button.
  const enfocar = useRef<{ sale: number; destino: number | undefined } | undefined>(undefined);

  const onListo = (pedidoId: number) => {
    const activo = document.activeElement;
    if (activo !== botones.current.get(pedidoId)) return;
    const ids = comandas?.map((p) => p.id) ?? [];
    const i = ids.indexOf(pedidoId);
    enfocar.current = { sale: pedidoId, destino: ids[i + 1] ?? ids[i - 1] };
  };

  useEffect(() => {
    const pendiente = enfocar.current;
    if (!pendiente || comandas?.some((p) => p.id === pendiente.sale)) return;
    enfocar.current = undefined;
    const destino =
      pendiente.destino === undefined ? undefined : botones.current.get(pendiente.destino);
    (destino ?? titulo.current)?.focus({ preventScroll: destino === undefined });
  }, [comandas]);

  const onCambio = (pedidoId: number) => {
    setCambios((actuales) => (actuales.includes(pedidoId) ? actuales : [...actuales, pedidoId]));
    props.onRefresh();
  };

  let cuerpo;
  if (comandas) {
    cuerpo =
      comandas.length === 0 ? (
        <EmptyState title={cocinaMessages.vacio} text={cocinaMessages.vacioTexto} />
      ) : (
        <ul
          aria-labelledby={tituloId}
          className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {comandas.map((pedido) => (
            <li key={pedido.id}>
              <Comanda
                pedido={pedido}
                now={now}
                timeZone={timeZone}
                onCambio={onCambio}
                onListo={onListo}
                registerBoton={(boton) => {
                  if (boton) botones.current.set(pedido.id, boton);
                  else botones.current.delete(pedido.id);
                }}
              />
            </li>
          ))}
        </ul>
      );
  } else if (props.error) {
    cuerpo = <ErrorState error={props.error} onRetry={props.onRefresh} />;
  } else {
    cuerpo = <Loading label={cocinaMessages.cargando} />;
  }

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-stone-300 bg-white p-2 pl-3">
        <h1
          ref={titulo}
          id={tituloId}
          tabIndex={-1}
          className="text-2xl font-extrabold outline-none"
        >
          {cocinaMessages.titulo}
          {comandas && (
            <span className="ml-2 text-lg font-semibold text-stone-700">
              · {comandas.length} en preparación
            </span>
          )}
        </h1>
        <div className="flex items-center gap-3">
          <Conexion conexion={props.conexion} />
          <button
            type="button"
            onClick={props.onRefresh}
            disabled={props.actualizando}
            aria-busy={props.actualizando || undefined}
            aria-label="Actualizar ahora"
            className="inline-flex min-h-12 min-w-12 items-center justify-center rounded-lg border border-stone-400 bg-white text-stone-900 hover:bg-stone-100 disabled:opacity-60"
          >
            <RefreshCw
              aria-hidden="true"
              className={`size-6 ${props.actualizando ? 'animate-spin' : ''}`}
            />
          </button>
        </div>
        {props.pantallaEncendida && (
          <p className="w-full text-sm text-stone-700">{cocinaMessages.pantallaEncendida}</p>
        )}
      </div>

      {/* Read out as tickets arrive; nothing is shown. */}
      <p aria-live="polite" className="sr-only">
        {anuncio}
      </p>

      {cambios.length > 0 && (
        <ul className="mb-3 flex flex-col gap-2">
          {cambios.map((pedidoId) => (
            <li
              key={pedidoId}
              role="alert"
              className="flex items-center justify-between gap-3 rounded-xl border-2 border-amber-700 bg-amber-50 p-3 text-lg font-semibold text-amber-950"
            >
              <span>{cocinaMessages.cambio(pedidoId)}</span>
              <Button
                variant="secondary"
                className="shrink-0"
                onClick={() => setCambios((actuales) => actuales.filter((id) => id !== pedidoId))}
                aria-label={`${cocinaMessages.entendido} (pedido #${pedidoId})`}
              >
                <X aria-hidden="true" className="size-5" />
                {cocinaMessages.entendido}
              </Button>
            </li>
          ))}
        </ul>
      )}

      {pedidos && props.error && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-900">
          {props.error.message}
        </p>
      )}

      {listos.length > 0 && (
        // One row above the tickets, sideways on a phone: in sight without pushing them down.
        <section aria-labelledby={listosId} className="mb-3 flex items-center gap-2">
          <h2
            id={listosId}
            className="flex shrink-0 items-center gap-1.5 text-lg font-bold text-green-900"
          >
            <PackageCheck aria-hidden="true" className="size-6" />
            {cocinaMessages.listos}
          </h2>
          <ul className="flex min-w-0 gap-2 overflow-x-auto py-1 [scrollbar-width:thin]">
            {listos.map((pedido) => {
              const hora = horaDePedido(pedido.listoEn, timeZone);
              return (
                <li
                  key={pedido.id}
                  className="shrink-0 rounded-lg border border-green-800 bg-green-50 px-3 py-1 text-lg whitespace-nowrap text-green-950"
                >
                  <span className="font-bold">#{pedido.id}</span> {pedido.nombreCompleto}
                  {hora && <span className="text-base text-green-900"> · {hora}</span>}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {cuerpo}
    </div>
  );
}
