import { type Punto } from '@tianguis/domain';
import { LocateFixed } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError, TextField } from '../../../components/ui/field';
import {
  searchColonias,
  zonaEntregaMessages,
  type Destino,
  type ResultadoZona,
  type ZonasListas,
} from '../logic/zona-de-entrega';

/**
 * The colonia, picked from the shop's list as it is typed (accents and case aside): an ARIA
 * combobox, so the arrows, Enter and Escape work and a screen reader hears the options.
 */
function ColoniaCombobox(props: {
  listas: ZonasListas;
  value: string;
  error?: string;
  onChange: (colonia: string) => void;
}) {
  const id = useId();
  const listaId = `${id}-lista`;
  const errorId = `${id}-error`;
  const [abierta, setAbierta] = useState(false);
  const [activa, setActiva] = useState(-1);
  const opciones = searchColonias(props.listas, props.value);
  const mostrar = abierta && props.value.trim() !== '';
  const opcionId = (i: number) => `${id}-opcion-${i}`;

  function elegir(colonia: string) {
    props.onChange(colonia);
    setAbierta(false);
    setActiva(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setAbierta(true);
      if (opciones.length === 0) return;
      const paso = event.key === 'ArrowDown' ? 1 : -1;
      setActiva((a) => (a + paso + opciones.length) % opciones.length);
    } else if (event.key === 'Enter' && mostrar && activa >= 0 && opciones[activa]) {
      // Enter picks the option shown active; it never sends the form mid-choice.
      event.preventDefault();
      elegir(opciones[activa]);
    } else if (event.key === 'Escape' && mostrar) {
      event.preventDefault();
      setAbierta(false);
      setActiva(-1);
    }
  }

  return (
    <div className="relative mb-4">
      <label htmlFor={id} className="mb-1 block font-medium">
        Colonia
      </label>
      <input
        id={id}
        name="colonia"
        role="combobox"
        type="text"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={mostrar}
        aria-controls={listaId}
        aria-activedescendant={mostrar && activa >= 0 ? opcionId(activa) : undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        placeholder="Escribe tu colonia"
        value={props.value}
        onChange={(e) => {
          props.onChange(e.target.value);
          setAbierta(true);
          setActiva(-1);
        }}
        onFocus={() => setAbierta(true)}
        onBlur={() => setAbierta(false)}
        onKeyDown={onKeyDown}
        className="min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
      />
      <ul
        id={listaId}
        role="listbox"
        aria-label="Colonias con envío"
        hidden={!mostrar}
        className="absolute inset-x-0 z-30 mt-1 max-h-64 overflow-auto rounded-lg border border-stone-300 bg-white shadow-lg"
      >
        {opciones.map((colonia, i) => (
          <li
            key={colonia}
            id={opcionId(i)}
            role="option"
            aria-selected={i === activa}
            // mousedown, not click: the input keeps the focus and the list stays until chosen.
            onMouseDown={(e) => {
              e.preventDefault();
              elegir(colonia);
            }}
            className="min-h-11 cursor-pointer px-3 py-2.5 aria-selected:bg-marca-50 aria-selected:font-semibold"
          >
            {colonia}
          </li>
        ))}
        {opciones.length === 0 && (
          <li role="presentation" className="px-3 py-2.5 text-stone-700">
            {zonaEntregaMessages.sinColonias}
          </li>
        )}
      </ul>
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}

type EstadoUbicacion = 'buscando' | 'sinPermiso' | 'sinLectura' | undefined;

/**
 * Where a delivery goes at a shop with delivery zones, and what that costs: the colonia from the
 * shop's list, a postal code, or the phone's location (when a zone is a radius around the
 * shop's point), each offered only when some zone uses it. The zone found, its shipping and
 * minimum show at once; outside every zone says so at once and, when the shop has pickup,
 * offers to switch to it. Used by the shopper's checkout and the owner's manual order.
 */
export function ZonaDeEntregaCampos(props: {
  listas: ZonasListas;
  destino: Destino;
  resultado: ResultadoZona;
  /** The zone question's own error (the order was tried, or the server refused). */
  error?: string;
  /** Whether to show the zone's minimum (a manual order skips it). */
  conMinimo?: boolean;
  onChange: (cambio: Partial<Destino>) => void;
  /** Given when the shop has pickup: offered for an address outside every zone. */
  onRecoger?: () => void;
}) {
  const { listas, destino, resultado } = props;
  const [ubicacionEstado, setUbicacionEstado] = useState<EstadoUbicacion>();
  const estadoId = useId();

  function usarUbicacion() {
    if (!('geolocation' in navigator)) {
      setUbicacionEstado('sinLectura');
      return;
    }
    setUbicacionEstado('buscando');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setUbicacionEstado(undefined);
        const punto: Punto = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        props.onChange({ ubicacion: punto });
      },
      (error) => {
        setUbicacionEstado(error.code === error.PERMISSION_DENIED ? 'sinPermiso' : 'sinLectura');
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  // The question's error shows under the first field it has; the result line is the answer.
  const errorEn = listas.colonias.length > 0 ? 'colonia' : listas.hayCodigos ? 'codigo' : 'nada';
  const fuera = resultado.estado === 'fuera';
  const error = props.error && props.error !== (fuera ? resultado.mensaje : '') ? props.error : '';

  return (
    <fieldset className="mb-4 rounded-xl border border-stone-200 p-3">
      <legend className="px-1 font-semibold">¿A qué colonia te lo llevamos?</legend>
      {listas.colonias.length > 0 && (
        <ColoniaCombobox
          listas={listas}
          value={destino.colonia}
          error={errorEn === 'colonia' ? error : undefined}
          onChange={(colonia) => props.onChange({ colonia })}
        />
      )}
      {listas.hayCodigos && (
        <TextField
          label={listas.colonias.length > 0 ? 'O tu código postal' : 'Código postal'}
          name="codigoPostal"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder="06700"
          value={destino.codigoPostal}
          error={errorEn === 'codigo' ? error : undefined}
          onChange={(e) => props.onChange({ codigoPostal: e.target.value.replace(/\D/g, '') })}
        />
      )}
      {listas.hayRadio && (
        <div className="mb-3">
          <Button
            type="button"
            variant="secondary"
            onClick={usarUbicacion}
            disabled={ubicacionEstado === 'buscando'}
            aria-describedby={estadoId}
          >
            <LocateFixed aria-hidden="true" className="size-5" />
            Usar mi ubicación
          </Button>
          <p id={estadoId} role="status" className="mt-1 min-h-5 text-sm text-stone-700">
            {ubicacionEstado === 'buscando'
              ? zonaEntregaMessages.buscando
              : ubicacionEstado === 'sinPermiso'
                ? zonaEntregaMessages.sinPermiso
                : ubicacionEstado === 'sinLectura'
                  ? zonaEntregaMessages.sinLectura
                  : destino.ubicacion
                    ? zonaEntregaMessages.ubicacionTomada
                    : ''}
          </p>
        </div>
      )}
      {errorEn === 'nada' && <FieldError message={error || undefined} />}

      <div aria-live="polite">
        {resultado.estado === 'dentro' && (
          <p className="rounded-lg bg-marca-50 p-3 font-medium text-marca-700">
            {zonaEntregaMessages.resumen(
              resultado.zona.nombre,
              resultado.zona.costoDeEnvio,
              props.conMinimo === false ? 0 : resultado.zona.montoMinimo,
            )}
          </p>
        )}
      </div>
      {fuera && (
        <div role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-950">
          <p className="font-medium">{resultado.mensaje}</p>
          {props.onRecoger && (
            <Button type="button" variant="secondary" className="mt-2" onClick={props.onRecoger}>
              {zonaEntregaMessages.recoger}
            </Button>
          )}
        </div>
      )}
    </fieldset>
  );
}
