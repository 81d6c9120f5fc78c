import { enlaceMapa, type PuntoMapa } from '@tianguis/domain';
import { useId } from 'react';
import { UbicacionActual } from './ubicacion-actual';
import { textoDePunto } from './wizard-tienda-values';

export const UBICACION_SIN_PERMISO =
  'No diste permiso para usar tu ubicación. Puedes escribir la dirección y dejar el punto vacío.';
export const UBICACION_NO_DISPONIBLE =
  'No pudimos obtener tu ubicación. Inténtalo de nuevo en la tienda.';

/**
 * "Punto en el mapa (opcional)" in the shop settings (docs/web-screens.md, "The shop
 * settings"): the owner, standing in the shop, takes the phone's location with one button; the
 * point shows as its coordinates with "Ver en el mapa" and "Quitar punto". No map widget.
 */
export function PuntoEnMapa(props: {
  value: PuntoMapa | null;
  onChange: (value: PuntoMapa | null) => void;
  error?: string | undefined;
}) {
  const { value, onChange } = props;
  const id = useId();

  const mapa = value ? enlaceMapa({ ubicacion: value }) : null;
  return (
    <div
      role="group"
      aria-labelledby={`${id}-titulo`}
      aria-invalid={props.error ? true : undefined}
      className="mb-4"
    >
      <p id={`${id}-titulo`} className="mb-1 font-medium">
        Punto en el mapa (opcional)
      </p>
      <p className="mb-2 text-sm text-stone-600">
        Úsalo estando en tu tienda: “Cómo llegar” lleva justo a ese punto.
      </p>
      {value && (
        <p className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
          <span data-punto className="font-mono tabular-nums">
            {textoDePunto(value)}
          </span>
          {mapa && (
            <a
              href={mapa}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center font-semibold text-marca-700 underline"
            >
              Ver en el mapa
            </a>
          )}
        </p>
      )}
      <UbicacionActual
        label="Usar mi ubicación actual"
        textos={{ sinPermiso: UBICACION_SIN_PERMISO, noDisponible: UBICACION_NO_DISPONIBLE }}
        onPunto={onChange}
        onClear={value ? () => onChange(null) : undefined}
        error={props.error}
      />
    </div>
  );
}
