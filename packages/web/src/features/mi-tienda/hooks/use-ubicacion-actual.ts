import type { PuntoMapa } from '@tianguis/domain';
import { useState } from 'react';
import { puntoDeCoordenadas } from '../components/wizard-tienda-values';

/** The phone's permission-denied code (GeolocationPositionError.PERMISSION_DENIED). */
const PERMISO_DENEGADO = 1;

/**
 * "Usar mi ubicación" (the owner standing in the shop): `locate` asks the phone for its location
 * once, precise, and hands the point to `onPunto`; `buscando` meanwhile. A phone without
 * location, or one that fails, sets `fallo` to `textos.noDisponible`; a refused permission to
 * `textos.sinPermiso`.
 */
export function useUbicacionActual(
  textos: { sinPermiso: string; noDisponible: string },
  onPunto: (punto: PuntoMapa) => void,
) {
  const [buscando, setBuscando] = useState(false);
  const [fallo, setFallo] = useState<string>();

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
        onPunto(puntoDeCoordenadas(posicion.coords));
      },
      (error) => {
        setBuscando(false);
        setFallo(error.code === PERMISO_DENEGADO ? textos.sinPermiso : textos.noDisponible);
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  }

  return { buscando, fallo, clearFallo: () => setFallo(undefined), locate };
}
