import { RADIO_KM_MAX, ZONA_NOMBRE_MAX, zonaMessages } from '@tianguis/domain';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useId, type ChangeEvent, type TextareaHTMLAttributes } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import {
  cuentaDeCodigosPostales,
  cuentaDeColonias,
  nombreDeZona,
  tecleoPermitido,
  type ZonaForm,
} from '../logic/zonas-form';

/** A pasted list of colonias can carry blank lines and repeats: room for 200 of 60 and more. */
const COLONIAS_TECLEADAS_MAX = 40_000;
const CODIGOS_TECLEADOS_MAX = 4_000;

/** A labelled list field with, under it, what will be saved of it (read with the field). */
function ListaField(
  props: TextareaHTMLAttributes<HTMLTextAreaElement> & {
    label: string;
    ayuda: string;
    cuenta: string;
  },
) {
  const { label, ayuda, cuenta, ...rest } = props;
  const id = useId();
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      <p id={`${id}-ayuda`} className="mb-1 text-sm text-stone-600">
        {ayuda}
      </p>
      <textarea
        id={id}
        aria-describedby={`${id}-ayuda ${id}-cuenta`}
        className="w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base"
        {...rest}
      />
      <p id={`${id}-cuenta`} aria-live="polite" className="mt-1 text-sm font-medium text-stone-700">
        {cuenta}
      </p>
    </div>
  );
}

/**
 * One zone of the form, a fieldset named by the zone: its name and switch, its colonias (one per
 * line), postal codes and radius, its fee and minimum, and buttons to move it and delete it.
 */
export function ZonaFieldset(props: {
  zona: ZonaForm;
  index: number;
  total: number;
  /** The message about this zone, when the last Guardar was refused because of it. */
  error: string | undefined;
  /** Whether the shop has a point to measure a radius from. */
  conPunto: boolean;
  onChange: (cambio: Partial<ZonaForm>) => void;
  onMove: (paso: -1 | 1) => void;
  onDelete: () => void;
}) {
  const { zona, index, total } = props;
  const nombre = nombreDeZona(zona, index);
  const errorId = useId();
  const radioSinPunto = zona.radioKm.trim() !== '' && !props.conPunto;

  /** An amount field's value and typing: it refuses a keystroke rather than showing an error, as the wizard's do. */
  const monto = (campo: 'costoDeEnvio' | 'montoMinimo' | 'radioKm') => ({
    value: zona[campo],
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      if (tecleoPermitido[campo](e.target.value)) props.onChange({ [campo]: e.target.value });
    },
  });

  return (
    <fieldset
      data-zona={zona.clave}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? errorId : undefined}
      className={`rounded-xl border bg-white p-4 shadow-sm ${props.error ? 'border-red-700' : 'border-stone-200'}`}
    >
      <legend className="px-1 text-lg font-bold break-words">
        {nombre}
        {!zona.activa && <span className="text-sm font-medium text-stone-600">{' (apagada)'}</span>}
      </legend>
      {props.error && (
        <p id={errorId} className="mb-3 text-sm font-medium text-red-700">
          {props.error}
        </p>
      )}

      <TextField
        label="Nombre de la zona"
        data-foco={`${zona.clave}-nombre`}
        value={zona.nombre}
        maxLength={ZONA_NOMBRE_MAX}
        onChange={(e) => props.onChange({ nombre: e.target.value })}
        hints={zona.nombre === '' ? ['Por ejemplo: Centro'] : []}
        autoComplete="off"
      />

      <label className="mb-4 flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          role="switch"
          checked={zona.activa}
          onChange={(e) => props.onChange({ activa: e.target.checked })}
          className="size-5 accent-marca-600"
        />
        <span>
          <span className="font-medium">Zona activa</span>
          <span className="block text-sm text-stone-600">
            Apagada, no se ofrece a tus clientes ni se cobra.
          </span>
        </span>
      </label>

      <ListaField
        label="Colonias"
        ayuda="Una por línea; puedes pegar una lista. Las líneas vacías y las repetidas no se guardan."
        cuenta={cuentaDeColonias(zona.colonias)}
        rows={5}
        maxLength={COLONIAS_TECLEADAS_MAX}
        value={zona.colonias}
        onChange={(e) => props.onChange({ colonias: e.target.value })}
      />
      <ListaField
        label="Códigos postales"
        ayuda="De 5 dígitos, separados por espacios, comas o uno por línea."
        cuenta={cuentaDeCodigosPostales(zona.codigosPostales)}
        rows={2}
        inputMode="numeric"
        maxLength={CODIGOS_TECLEADOS_MAX}
        value={zona.codigosPostales}
        onChange={(e) => props.onChange({ codigosPostales: e.target.value })}
      />
      <TextField
        label="Radio en km desde tu tienda (opcional)"
        {...monto('radioKm')}
        // The hint is a warning (amber): only while a radius has no point to measure from.
        hints={radioSinPunto ? [zonaMessages.radioSinUbicacion(nombre)] : []}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Costo de envío ($)" {...monto('costoDeEnvio')} />
        <TextField label="Monto mínimo ($)" {...monto('montoMinimo')} />
      </div>
      <p className="mb-4 text-sm text-stone-600">
        El radio (hasta {RADIO_KM_MAX} km) y el monto mínimo son opcionales: vacíos, la zona no es
        por distancia y no pide mínimo.
      </p>

      <div className="flex flex-wrap gap-2 border-t border-stone-200 pt-3">
        <Button
          variant="secondary"
          aria-label={`Subir ${nombre}`}
          data-foco={`${zona.clave}-subir`}
          disabled={index === 0}
          onClick={() => props.onMove(-1)}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
          Subir
        </Button>
        <Button
          variant="secondary"
          aria-label={`Bajar ${nombre}`}
          data-foco={`${zona.clave}-bajar`}
          disabled={index === total - 1}
          onClick={() => props.onMove(1)}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
          Bajar
        </Button>
        <Button
          variant="ghost"
          aria-label={`Eliminar ${nombre}`}
          className="ml-auto text-red-700"
          onClick={props.onDelete}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Eliminar
        </Button>
      </div>
    </fieldset>
  );
}
