import { horaLocal, isPausada } from '@tianguis/domain';
import { PauseCircle, PlayCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MINUTOS_PAUSA, pausarPedidos } from '../api/pausar-pedidos';
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
      await pausarPedidos(minutos);
      setEligiendo(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'No se pudo cambiar la pausa. Inténtalo de nuevo.');
    } finally {
      setEnCurso(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-t`}
      className={`mb-4 rounded-xl border p-4 ${pausada ? 'border-amber-400 bg-amber-50' : 'border-stone-200 bg-white'}`}
    >
      <h2 id={`${id}-t`} className="sr-only">
        Recepción de pedidos
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="font-semibold">
          {pausada ? `Pedidos en pausa hasta las ${hasta}` : 'Recibiendo pedidos'}
        </p>
        {pausada ? (
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
            <PauseCircle aria-hidden="true" className="size-5" />
            Pausar pedidos
          </Button>
        )}
      </div>
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
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
