import { horaLocal, isPausada } from '@tianguis/domain';
import { PauseCircle, PlayCircle } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { MINUTOS_PAUSA, pausePedidos } from '../api/pause-pedidos';
import type { MiTienda } from '../api/get-mi-tienda';

function etiquetaMinutos(minutos: number): string {
  if (minutos < 60) return `${minutos} min`;
  const horas = minutos / 60;
  return horas === 1 ? '1 hora' : `${horas} horas`;
}

/** The time, refreshed every 15 s: a pause that ends shows as ended without a reload. */
function useAhora(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const RECIBIENDO = 'Recibiendo pedidos';

/** What "Pausar pedidos" shows, in the card and in its stand-in alike. */
const pausarContenido = (
  <>
    <PauseCircle aria-hidden="true" className="size-5" />
    Pausar pedidos
  </>
);

/**
 * The card's box and first line (its state and one button), for the card and its stand-in while
 * the shop loads alike: the same box takes the same room.
 */
function Tarjeta(props: {
  id: string;
  pausada?: boolean;
  cargando?: boolean;
  estado: ReactNode;
  boton: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${props.id}-t`}
      aria-busy={props.cargando || undefined}
      className={`mb-4 rounded-xl border p-4 ${props.pausada ? 'border-amber-400 bg-amber-50' : 'border-stone-200 bg-white'}`}
    >
      <h2 id={`${props.id}-t`} className="sr-only">
        Recepción de pedidos
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="font-semibold">
          {props.estado}
        </p>
        {props.boton}
      </div>
      {props.children}
    </section>
  );
}

/**
 * "Pausar pedidos" one tap from the owner's home: 15, 30, 60 or 120 minutes; while paused, until
 * what time and "Reanudar". Errors stay in the card, read out, and never cover its buttons.
 */
export function PausaPedidos({ tienda }: { tienda: MiTienda }) {
  const now = useAhora();
  const [eligiendo, setEligiendo] = useState(false);
  const [enCurso, setEnCurso] = useState(false);
  const [error, setError] = useState<string>();
  const id = useId();
  const pausada = isPausada(tienda.pausadoHasta, now);
  const hasta =
    pausada && tienda.pausadoHasta
      ? horaLocal(new Date(tienda.pausadoHasta), tienda.timeZone)
      : undefined;

  const enviar = async (minutos: number) => {
    setEnCurso(true);
    setError(undefined);
    try {
      await pausePedidos(minutos);
      setEligiendo(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'No se pudo cambiar la pausa. Inténtalo de nuevo.');
    } finally {
      setEnCurso(false);
    }
  };

  return (
    <Tarjeta
      id={id}
      pausada={pausada}
      estado={pausada ? `Pedidos en pausa hasta las ${hasta}` : RECIBIENDO}
      boton={
        pausada ? (
          <Button
            onClick={() => void enviar(0)}
            disabled={enCurso}
            aria-busy={enCurso || undefined}
          >
            <PlayCircle aria-hidden="true" className="size-5" />
            Reanudar
          </Button>
        ) : (
          <Button
            variant="secondary"
            aria-expanded={eligiendo}
            aria-controls={`${id}-opciones`}
            onClick={() => setEligiendo((v) => !v)}
            disabled={enCurso}
          >
            {pausarContenido}
          </Button>
        )
      }
    >
      {!pausada && eligiendo && (
        <div id={`${id}-opciones`} role="group" aria-label="Pausar por" className="mt-3">
          <p className="mb-2 text-sm text-stone-700">
            No recibirás pedidos nuevos durante ese tiempo.
          </p>
          <div className="flex flex-wrap gap-2">
            {MINUTOS_PAUSA.map((m) => (
              <Button
                key={m}
                variant="secondary"
                onClick={() => void enviar(m)}
                disabled={enCurso}
                aria-label={`Pausar ${etiquetaMinutos(m)}`}
              >
                {etiquetaMinutos(m)}
              </Button>
            ))}
          </div>
        </div>
      )}
      <FieldError message={error} className="mt-2" />
    </Tarjeta>
  );
}

/**
 * The card while the shop loads: the same box, button and line as "Recibiendo pedidos", only
 * hidden, so that what sits below it (the orders screen's "Activar avisos", the list) doesn't
 * jump when the shop arrives and a tap lands where the person aimed. Screen readers hear that it
 * is loading.
 */
export function PausaPedidosCargando() {
  const id = useId();
  return (
    <Tarjeta
      id={id}
      cargando
      estado={
        <>
          <span className="sr-only">Cargando la recepción de pedidos…</span>
          <span aria-hidden="true" className="invisible">
            {RECIBIENDO}
          </span>
        </>
      }
      boton={
        <Button variant="secondary" disabled aria-hidden="true" tabIndex={-1} className="invisible">
          {pausarContenido}
        </Button>
      }
    />
  );
}
