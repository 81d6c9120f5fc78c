import { lineaDeHorario, ZONA_HORARIA_POR_DEFECTO } from '@tianguis/domain';
import type { TiendaPublicaAnswer } from '../api/get-tienda-publica';
import { useNow } from '../hooks/use-now';
import { RECHEQUEO_MS } from './tienda-cerrada-aviso';

/**
 * The hours in one line under the shop's name: 'Abierto · cierra a las 22:00' or 'Cerrado · abre
 * mañana a las 8:00', kept current every minute. The full closed notice, with its reason, is
 * TiendaCerradaAvisoVivo's.
 */
export function LineaHorario({ answer }: { answer: TiendaPublicaAnswer }) {
  const now = useNow(RECHEQUEO_MS);
  const { horarios, diasEspeciales, tienda } = answer;
  let linea;
  try {
    linea = lineaDeHorario(horarios, diasEspeciales, now, tienda.timeZone || undefined);
  } catch {
    // A zone this browser doesn't know: Mexico City's, as the closed notice does.
    linea = lineaDeHorario(horarios, diasEspeciales, now, ZONA_HORARIA_POR_DEFECTO);
  }
  return (
    <p className="mb-3 flex items-center gap-2 font-semibold">
      <span
        aria-hidden="true"
        className={`inline-block size-2.5 rounded-full ${linea.abierta ? 'bg-emerald-600' : 'bg-stone-400'}`}
      />
      <span className={linea.abierta ? 'text-emerald-800' : 'text-stone-700'}>{linea.texto}</span>
    </p>
  );
}
