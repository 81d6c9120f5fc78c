import {
  alertEnTimbre,
  INTERVALO_TIMBRE_MS,
  pedidosQueSuenan,
  silenceTimbre,
  TIMBRE_INICIAL,
  ringTimbre,
  type TimbreDePedidos,
} from '@tianguis/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How often the bell looks at the clock; it rings every `INTERVALO_TIMBRE_MS` at most. */
const PULSO_MS = 1_000;

export interface TimbrePedidos {
  /** The waiting orders it rings for now (alerted, not silenced). */
  suenan: number[];
  /** Some waiting order was silenced by the owner. */
  silenciado: boolean;
  /** Rings heard this visit. */
  toques: number;
  /** New orders to ring for. */
  alertPedidos: (ids: readonly number[]) => void;
  /** 'Silenciar': quiet for the orders ringing now. */
  silence: () => void;
}

/**
 * The bell of the owner's alerts: rings at once for an alerted order, then every 5 s while it
 * still waits (`sinAtender`: NUEVO and never opened), until it is opened, accepted, cancelled
 * or silenced. `puedeSonar` is false while the sound is off or the browser holds it locked:
 * the bell then waits, and rings as soon as it may. `tocar` plays one ring and answers whether
 * it was heard; only heard rings are counted. The rules are the domain's (`ringTimbre`).
 */
export function useTimbrePedidos(
  sinAtender: readonly number[],
  options: { puedeSonar: boolean; ring: () => boolean; intervaloMs?: number },
): TimbrePedidos {
  const [timbre, setTimbre] = useState<TimbreDePedidos>(TIMBRE_INICIAL);
  const timbreRef = useRef(timbre);
  const sinAtenderRef = useRef(sinAtender);
  const tocarRef = useRef(options.ring);
  useEffect(() => {
    sinAtenderRef.current = sinAtender;
    tocarRef.current = options.ring;
  });

  const cambiar = useCallback((next: TimbreDePedidos) => {
    if (next === timbreRef.current) return;
    timbreRef.current = next;
    setTimbre(next);
  }, []);

  const alertar = useCallback(
    (ids: readonly number[]) => cambiar(alertEnTimbre(timbreRef.current, ids)),
    [cambiar],
  );
  const silenciar = useCallback(
    () => cambiar(silenceTimbre(timbreRef.current, sinAtenderRef.current)),
    [cambiar],
  );

  const suenan = pedidosQueSuenan(timbre, sinAtender);
  const haySonido = suenan.length > 0;
  const { puedeSonar } = options;
  const intervaloMs = options.intervaloMs ?? INTERVALO_TIMBRE_MS;
  useEffect(() => {
    if (!haySonido || !puedeSonar) {
      // Nothing to ring for: the next alert is heard at once.
      cambiar(ringTimbre(timbreRef.current, [], Date.now(), intervaloMs).timbre);
      return;
    }
    const pulso = () => {
      const paso = ringTimbre(timbreRef.current, sinAtenderRef.current, Date.now(), intervaloMs);
      // A ring the browser did not play is not counted, and is tried again on the next pulse.
      if (paso.tocar && !tocarRef.current()) return;
      cambiar(paso.timbre);
    };
    pulso();
    const timer = setInterval(pulso, PULSO_MS);
    return () => clearInterval(timer);
  }, [haySonido, puedeSonar, intervaloMs, cambiar]);

  const silenciado = sinAtender.some((id) => timbre.silenciados.has(id));
  return { suenan, silenciado, toques: timbre.toques, alertPedidos: alertar, silence: silenciar };
}
