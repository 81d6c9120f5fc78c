import { etiquetaDeFranja, loAntesPosible, paraLas, type Franjas } from '@tianguis/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { franjasPorDia } from '../logic/franjas-por-dia';

/** As soon as possible, or at a slot of the shop's (docs/api.md, "Orders for later"). */
export type Cuando = 'ahora' | 'programar';

export const cuandoMessages = {
  legend: '¿Cuándo lo quieres?',
  programar: 'Programar',
  dia: 'Día',
  horario: 'Horario',
  cargando: 'Cargando horarios…',
  error: 'No pudimos cargar los horarios.',
  sinHorarios: 'No hay horarios disponibles',
  elegir: 'Elige un horario para tu pedido',
  lleno: 'Lleno',
  elegido: (texto: string) => `Tu pedido: ${texto}`,
} as const;

// A choice as a large tap target (ChoiceGroup's look); its padding and gap are each list's.
const OPCION =
  'flex min-h-11 cursor-pointer items-center rounded-lg border border-stone-300 bg-white py-2 has-[:checked]:border-marca-600 has-[:checked]:bg-marca-50 has-[:checked]:font-semibold';
const OPCION_ANCHA = `${OPCION} gap-2 px-3`;

/** "Lo antes posible" or "Programar", one radio of the "cuando" group. */
function OpcionCuando(props: {
  valor: Cuando;
  cuando: Cuando;
  onCuando: (cuando: Cuando) => void;
  children: string;
}) {
  return (
    <label className={OPCION_ANCHA}>
      <input
        type="radio"
        name="cuando"
        value={props.valor}
        checked={props.cuando === props.valor}
        onChange={() => props.onCuando(props.valor)}
        className="size-4 accent-marca-600"
      />
      {props.children}
    </label>
  );
}

/** The shop's slots for the day chosen: a day selector, then one radio per slot. */
function SelectorDeFranja(props: {
  franjas: Franjas['franjas'];
  timeZone: string;
  now: Date;
  franja: string | undefined;
  onFranja: (inicio: string) => void;
}) {
  const { timeZone, now, franja } = props;
  const [diaElegido, setDia] = useState<string>();
  const dias = franjasPorDia(props.franjas, now, timeZone);
  if (!dias.some((d) => d.conLugar)) {
    return <p className="mt-2 rounded-lg bg-stone-100 p-3">{cuandoMessages.sinHorarios}</p>;
  }
  // The day shown: the one tapped, else the chosen slot's, else the first with room.
  const fecha =
    dias.find((d) => d.fecha === diaElegido)?.fecha ??
    dias.find((d) => d.franjas.some((f) => f.inicio === franja))?.fecha ??
    (dias.find((d) => d.conLugar) ?? dias[0])?.fecha;
  const dia = dias.find((d) => d.fecha === fecha);
  return (
    <div className="mt-3 space-y-3">
      {dias.length > 1 && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{cuandoMessages.dia}</legend>
          <div className="flex flex-wrap gap-2">
            {dias.map((d) => (
              <label key={d.fecha} className={OPCION_ANCHA}>
                <input
                  type="radio"
                  name="dia"
                  value={d.fecha}
                  checked={d.fecha === fecha}
                  onChange={() => setDia(d.fecha)}
                  className="size-4 accent-marca-600"
                />
                {d.etiqueta}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {dia && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium">
            {dias.length > 1
              ? cuandoMessages.horario
              : `${cuandoMessages.horario} · ${dia.etiqueta}`}
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {dia.franjas.map((f) => (
              <label
                key={f.inicio}
                className={`${OPCION} gap-1.5 px-2 has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-stone-100 has-[:disabled]:text-stone-600`}
              >
                <input
                  type="radio"
                  name="programadoPara"
                  value={f.inicio}
                  checked={f.inicio === franja}
                  disabled={!f.disponible}
                  onChange={() => props.onFranja(f.inicio)}
                  className="size-4 shrink-0 accent-marca-600"
                />
                <span className="whitespace-nowrap">
                  {etiquetaDeFranja(f, timeZone)}
                  {/* A space: the accessible name reads '13:30 – 14:00 Lleno'. */}
                  {!f.disponible && ' '}
                  {!f.disponible && (
                    <span className="block text-sm font-semibold">{cuandoMessages.lleno}</span>
                  )}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <p aria-live="polite" className="min-h-6 font-medium">
        {franja ? cuandoMessages.elegido(paraLas(franja, now, timeZone)) : ''}
      </p>
    </div>
  );
}

/**
 * "¿Cuándo lo quieres?": "Lo antes posible (≈ 25 min)" while the shop takes orders now, or
 * "Programar" and a slot of today's or the next days' (full ones shown, disabled, "Lleno"). The
 * slots come from the shop (useFranjas): loading, failed (with "Reintentar") and empty each say
 * so. Radios in fieldsets with legends: arrows move within a group, a screen reader hears where
 * it is.
 */
export function CuandoLoQuieres(props: {
  franjas: {
    data: Franjas | undefined;
    error: Error | undefined;
    refetch: () => Promise<void>;
  };
  /** The shop's time zone: slots and days are its wall clock's. */
  timeZone: string;
  now: Date;
  /** Whether the shop takes orders now ("Lo antes posible" is offered only then). */
  ahora: boolean;
  cuando: Cuando;
  /** The chosen slot's `inicio`, when it is still offered. */
  franja: string | undefined;
  /** Why the choice can't go (none chosen, or the server's 409 HORARIO_NO_DISPONIBLE). */
  error?: string;
  onCuando: (cuando: Cuando) => void;
  onFranja: (inicio: string) => void;
}) {
  const { franjas, cuando } = props;
  const errorId = useId();
  const data = franjas.data;
  const ahoraMin = props.ahora ? data?.ahoraMin : null;
  let contenido;
  if (!data && franjas.error) {
    contenido = (
      <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
        <p className="font-medium">{cuandoMessages.error}</p>
        <Button
          type="button"
          variant="secondary"
          className="mt-2"
          onClick={() => void franjas.refetch()}
        >
          Reintentar
        </Button>
      </div>
    );
  } else if (!data) {
    contenido = (
      <p role="status" className="text-stone-700">
        {cuandoMessages.cargando}
      </p>
    );
  } else {
    contenido = (
      <>
        <div className="flex flex-wrap gap-2">
          {typeof ahoraMin === 'number' && (
            <OpcionCuando valor="ahora" cuando={cuando} onCuando={props.onCuando}>
              {loAntesPosible(ahoraMin)}
            </OpcionCuando>
          )}
          <OpcionCuando valor="programar" cuando={cuando} onCuando={props.onCuando}>
            {cuandoMessages.programar}
          </OpcionCuando>
        </div>
        {cuando === 'programar' && (
          <SelectorDeFranja
            franjas={data.franjas}
            timeZone={props.timeZone}
            now={props.now}
            franja={props.franja}
            onFranja={props.onFranja}
          />
        )}
      </>
    );
  }
  return (
    <fieldset className="mb-4" data-cuando aria-describedby={props.error ? errorId : undefined}>
      <legend className="mb-1 font-medium">{cuandoMessages.legend}</legend>
      {contenido}
      <FieldError id={errorId} message={props.error} />
    </fieldset>
  );
}
