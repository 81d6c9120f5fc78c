import type { PuntoMapa } from '@tianguis/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { puntoDeCoordenadas } from './wizard-tienda-values';

/** The phone's permission-denied code (GeolocationPositionError.PERMISSION_DENIED). */
const PERMISO_DENEGADO = 1;

/**
 * The shop's point taken from the phone (the owner standing in the shop): `label` ('Usar mi
 * ubicación') asks for the location once, precise, and hands the point to `onPunto`; "Quitar
 * punto" (when `onClear` is given, there being a point) clears it. While it searches it says so;
 * a phone without location, or one that fails, shows `textos.noDisponible`, a refused permission
 * `textos.sinPermiso`; else `error`, if any. `className`: the buttons' row's margin.
 */
export function UbicacionActual(props: {
  label: string;
  textos: { sinPermiso: string; noDisponible: string };
  onPunto: (punto: PuntoMapa) => void;
  onClear: (() => void) | undefined;
  error?: string | undefined;
  className?: string;
}) {
  const [buscando, setBuscando] = useState(false);
  const [fallo, setFallo] = useState<string>();
  const { textos, onClear } = props;

  function locate() {
    setFallo(undefined);
    const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geo) {
      setFallo(textos.noDisponible);
      return;
    }
    setBuscando(true);
    geo.getCurrentPosition(
      (posicion) => {
        setBuscando(false);
        props.onPunto(puntoDeCoordenadas(posicion.coords));
      },
      (error) => {
        setBuscando(false);
        setFallo(error.code === PERMISO_DENEGADO ? textos.sinPermiso : textos.noDisponible);
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  }

  return (
    <>
      <div className={`flex flex-wrap gap-2 ${props.className ?? ''}`}>
        <Button
          variant="secondary"
          onClick={locate}
          disabled={buscando}
          aria-busy={buscando || undefined}
        >
          {props.label}
        </Button>
        {onClear && (
          <Button
            variant="secondary"
            onClick={() => {
              setFallo(undefined);
              onClear();
            }}
            disabled={buscando}
          >
            Quitar punto
          </Button>
        )}
      </div>
      {buscando && (
        <p role="status" className="mt-1 mb-2 text-sm">
          Buscando tu ubicación…
        </p>
      )}
      <FieldError message={fallo ?? props.error} />
    </>
  );
}
