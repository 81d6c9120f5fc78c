import {
  lineaDeHorario,
  type DiaEspecial,
  type HorarioDia,
  type LineaDeHorario,
} from '@tianguis/domain';
import type { TiendaPublicaAnswer } from '../../../lib/tienda-publica/get-tienda-publica';
import { useNow } from '../../../lib/use-now';
import { zonaDe } from '../../../lib/tienda-publica/estado';
import { RECHEQUEO_MS } from '../../../lib/tienda-publica/estado';

/** The domain's line at `now`; a zone this browser doesn't know is Mexico City's, as the closed notice does. */
export function lineaAhora(
  horarios: readonly HorarioDia[],
  diasEspeciales: readonly DiaEspecial[],
  now: Date,
  timeZone: string,
): LineaDeHorario {
  return lineaDeHorario(horarios, diasEspeciales, now, zonaDe(timeZone));
}

/** The line as shown: a green or grey dot, then its text. */
export function LineaHorarioTexto(props: {
  linea: LineaDeHorario;
  className: string;
  id?: string;
}) {
  const { abierta, texto } = props.linea;
  return (
    <p id={props.id} className={`flex items-center gap-2 ${props.className}`}>
      <span
        aria-hidden="true"
        className={`inline-block size-2.5 shrink-0 rounded-full ${abierta ? 'bg-emerald-600' : 'bg-stone-400'}`}
      />
      <span className={abierta ? 'text-emerald-800' : 'text-stone-700'}>{texto}</span>
    </p>
  );
}

/**
 * The hours in one line under the shop's name: 'Abierto · cierra a las 22:00' or 'Cerrado · abre
 * mañana a las 8:00', kept current every minute. The full closed notice, with its reason, is
 * TiendaCerradaAvisoVivo's. The home page's cards show the same line (docs/web-screens.md).
 */
export function LineaHorario({ answer }: { answer: TiendaPublicaAnswer }) {
  const now = useNow(RECHEQUEO_MS);
  const { horarios, diasEspeciales, tienda } = answer;
  return (
    <LineaHorarioTexto
      linea={lineaAhora(horarios, diasEspeciales, now, tienda.timeZone)}
      className="mb-3 font-semibold"
    />
  );
}
