import {
  aceptarPedidoSchema,
  cancelarPedidoSchema,
  MINUTOS_RAPIDOS,
  pedidosTiendaMessages,
  pedidoWireMessages,
} from '@tianguis/domain';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldError } from '../../../components/ui/field';
import type { AccionPedido } from '../api/finish-pedido';

export const MOTIVO_MAX = 140;

/** The first message of a zod refusal, or undefined when the value passes. */
function primerError(result: {
  success: boolean;
  error?: { issues: readonly { message: string }[] };
}): string | undefined {
  return result.success ? undefined : (result.error?.issues[0]?.message ?? 'Datos inválidos');
}

/** What the owner's action dialogs take: the order, its state, and what to send or drop. */
interface DialogoDeAccionProps {
  open: boolean;
  pedidoId: number;
  busy: boolean;
  error: string | undefined;
  onConfirm: (accion: AccionPedido) => void;
  onCancel: () => void;
}

/** A choice of the accept dialog, as a round button. */
const opcionClass =
  'inline-flex min-h-11 min-w-14 items-center justify-center rounded-full border border-stone-300 px-3 font-semibold peer-checked:border-marca-600 peer-checked:bg-marca-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-marca-600';

/**
 * "Aceptar": how many minutes until the order is ready, one tap on a quick choice (10, 15, 20,
 * 30, 45) or another number typed. Checked with the domain's rule (5 to 180) before sending. A
 * scheduled order offers its own time first ('Para las 14:00', `programado`), chosen from the
 * start: sent without minutes, it is ready at its slot (docs/api.md, "Orders for later").
 */
export function AceptarDialog(props: DialogoDeAccionProps & { programado?: string }) {
  const { programado } = props;
  const [alSlot, setAlSlot] = useState(programado !== undefined);
  const [minutos, setMinutos] = useState<string>(
    programado === undefined ? String(MINUTOS_RAPIDOS[1]) : '',
  );
  const [error, setError] = useState<string>();
  const id = useId();
  const mensaje = error ?? props.error;
  const confirmar = () => {
    if (programado !== undefined && alSlot) {
      setError(undefined);
      props.onConfirm({ tipo: 'aceptar' });
      return;
    }
    const valor = Number(minutos);
    const message = primerError(
      aceptarPedidoSchema.safeParse({ pedidoId: props.pedidoId, minutos: valor }),
    );
    if (minutos.trim() === '' || message) {
      setError(message ?? pedidoWireMessages.minutosAceptar);
      return;
    }
    setError(undefined);
    props.onConfirm({ tipo: 'aceptar', minutos: valor });
  };
  const elegirMinutos = (valor: string) => {
    setMinutos(valor);
    setAlSlot(false);
    setError(undefined);
  };
  return (
    <ConfirmDialog
      open={props.open}
      title="Aceptar pedido"
      confirmLabel={props.busy ? 'Aceptando…' : 'Aceptar'}
      cancelLabel="Volver"
      busy={props.busy}
      onConfirm={confirmar}
      onCancel={() => {
        setError(undefined);
        props.onCancel();
      }}
    >
      <fieldset>
        <legend className="mb-2 font-medium">
          {programado === undefined ? '¿En cuántos minutos estará listo?' : '¿Cuándo estará listo?'}
        </legend>
        <div className="flex flex-wrap gap-2">
          {programado !== undefined && (
            <label className="relative cursor-pointer">
              <input
                type="radio"
                name={`${id}-minutos`}
                value="programado"
                checked={alSlot}
                onChange={() => {
                  setAlSlot(true);
                  setMinutos('');
                  setError(undefined);
                }}
                className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span className={opcionClass}>{programado}</span>
            </label>
          )}
          {MINUTOS_RAPIDOS.map((m) => (
            <label key={m} className="relative cursor-pointer">
              <input
                type="radio"
                name={`${id}-minutos`}
                value={m}
                checked={!alSlot && minutos === String(m)}
                onChange={() => elegirMinutos(String(m))}
                className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span className={opcionClass}>{m} min</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-3">
        <label htmlFor={`${id}-otro`} className="mb-1 block font-medium">
          Otro tiempo (minutos)
        </label>
        <input
          id={`${id}-otro`}
          type="number"
          inputMode="numeric"
          min={5}
          max={180}
          step={1}
          value={minutos}
          onChange={(event) => elegirMinutos(event.target.value)}
          aria-invalid={mensaje ? true : undefined}
          aria-describedby={mensaje ? `${id}-error` : undefined}
          className="min-h-11 w-32 rounded-lg border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
        />
      </div>
      <FieldError id={`${id}-error`} message={mensaje} className="mt-2" />
    </ConfirmDialog>
  );
}

/** "Cancelar Pedido": the question, with an optional reason (at most 140) shown to the shopper. */
export function CancelarDialog(props: DialogoDeAccionProps) {
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const mensaje = error ?? props.error;
  const confirmar = () => {
    const parsed = cancelarPedidoSchema.safeParse({ pedidoId: props.pedidoId, motivo });
    if (!parsed.success) {
      setError(primerError(parsed));
      return;
    }
    setError(undefined);
    props.onConfirm({ tipo: 'cancelar', motivo: parsed.data.motivo });
  };
  return (
    <ConfirmDialog
      open={props.open}
      title={pedidosTiendaMessages.confirmarCancelar}
      confirmLabel="SI"
      cancelLabel="No"
      danger
      busy={props.busy}
      onConfirm={confirmar}
      onCancel={() => {
        setError(undefined);
        props.onCancel();
      }}
    >
      <label htmlFor={`${id}-motivo`} className="mb-1 block font-medium">
        Motivo (opcional)
      </label>
      <textarea
        id={`${id}-motivo`}
        rows={3}
        maxLength={MOTIVO_MAX}
        value={motivo}
        onChange={(event) => {
          setMotivo(event.target.value);
          setError(undefined);
        }}
        placeholder="Ej. Se nos acabó el producto"
        aria-invalid={mensaje ? true : undefined}
        aria-describedby={`${id}-ayuda${mensaje ? ` ${id}-error` : ''}`}
        className="w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
      />
      <p id={`${id}-ayuda`} className="mt-1 text-sm text-stone-600">
        El cliente verá el motivo. {motivo.length}/{MOTIVO_MAX}
      </p>
      <FieldError id={`${id}-error`} message={mensaje} className="mt-2" />
    </ConfirmDialog>
  );
}
