import { TextField } from '../../../components/ui/field';
import { textoDePunto, UbicacionActual } from '../../mi-tienda';
import { checkPunto, tecleoPermitido, type PuntoForm } from '../logic/zonas-form';

export const PUNTO_SIN_PERMISO =
  'No diste permiso para usar tu ubicación. Puedes escribir la latitud y la longitud.';
export const PUNTO_NO_DISPONIBLE =
  'No pudimos obtener tu ubicación. Inténtalo de nuevo o escribe la latitud y la longitud.';

const COORDENADAS: readonly (readonly [keyof PuntoForm, string])[] = [
  ['lat', 'Latitud'],
  ['lng', 'Longitud'],
];

/**
 * "Punto de tu tienda" on the zones screen: zones by distance measure from it. Taken from the
 * phone's location ("Usar mi ubicación", standing in the shop) or typed as latitude and longitude;
 * both blank is no point. Saved with the zones.
 */
export function PuntoDeTienda(props: {
  punto: PuntoForm;
  onChange: (punto: PuntoForm) => void;
  /** The point can't be read (the message is at the top of the form). */
  invalido: boolean;
  /** A zone has a radius and there is no point to measure it from. */
  faltaParaRadio: boolean;
}) {
  const { punto, onChange } = props;
  const leido = checkPunto(punto);
  const actual = leido.ok ? leido.ubicacion : null;

  const set = (campo: keyof PuntoForm) => (texto: string) => {
    if (tecleoPermitido.coordenada(texto)) onChange({ ...punto, [campo]: texto });
  };

  return (
    <fieldset className="mb-6 rounded-xl border border-stone-200 bg-white p-4">
      <legend className="px-1 text-lg font-bold">Punto de tu tienda</legend>
      {actual ? (
        <p className="mb-3 text-stone-700">
          Las zonas por distancia se miden desde{' '}
          <span data-punto className="font-mono tabular-nums">
            {textoDePunto(actual)}
          </span>
          .
        </p>
      ) : (
        <p
          className={`mb-3 ${props.faltaParaRadio ? 'rounded-lg bg-amber-50 p-2 font-medium text-amber-900' : 'text-stone-700'}`}
        >
          Tu tienda aún no tiene punto en el mapa: para cobrar el envío por distancia (radio en km),
          márcalo aquí estando en tu tienda o escribe sus coordenadas.
        </p>
      )}
      <UbicacionActual
        label="Usar mi ubicación"
        textos={{ sinPermiso: PUNTO_SIN_PERMISO, noDisponible: PUNTO_NO_DISPONIBLE }}
        onPunto={(nuevo) => onChange({ lat: String(nuevo.lat), lng: String(nuevo.lng) })}
        onClear={
          punto.lat !== '' || punto.lng !== '' ? () => onChange({ lat: '', lng: '' }) : undefined
        }
        className="mb-3"
      />
      <div className="grid grid-cols-2 gap-3">
        {COORDENADAS.map(([campo, label]) => (
          <TextField
            key={campo}
            label={label}
            value={punto[campo]}
            onChange={(e) => set(campo)(e.target.value)}
            autoComplete="off"
            aria-invalid={props.invalido || undefined}
            className="mb-0"
          />
        ))}
      </div>
      <p className="mt-2 text-sm text-stone-600">Por ejemplo: 19.43260 y -99.13320.</p>
    </fieldset>
  );
}
