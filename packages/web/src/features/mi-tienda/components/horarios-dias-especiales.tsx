import { diaEspecialSchema, horarioMessages } from '@tianguis/domain';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { IconButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import type { DiaEspecialGuardado } from '../api/get-horarios';
import type { DiaEspecialBody } from '../api/dias-especiales';
import { TablaDeHorario } from './horarios-tabla';

const COLUMNAS = [
  { texto: 'Fecha', className: 'px-3 py-2' },
  { texto: 'Recurrente', className: 'px-3 py-2' },
  { texto: 'Eliminar', className: 'px-3 py-2 text-center' },
];

const fechaLarga = new Intl.DateTimeFormat('es-MX', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '25 de diciembre de 2025' for '2025-12-25' (read as a calendar date, in no time zone). */
export function formatFechaEspecial(fecha: string): string {
  const dia = fecha.slice(0, 10);
  const date = new Date(`${dia}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? fecha : fechaLarga.format(date);
}

/** The server's DIA_EXISTENTE text: one date is one special day, yearly or not. */
export const DIA_REPETIDO = 'Ese día especial ya está registrado';

function errorText(error: unknown): string {
  return `Error: ${error instanceof Error ? error.message : 'no se pudo completar'}`;
}

/** Special (closed) days: a form with the date and the yearly option, and the list. */
export function HorariosDiasEspeciales(props: {
  tiendaId: number;
  dias: readonly DiaEspecialGuardado[];
  onAdd: (body: DiaEspecialBody) => Promise<void>;
  onDelete: (id: number) => Promise<void>;
}) {
  const [fecha, setFecha] = useState('');
  const [recurrente, setRecurrente] = useState(false);
  const [error, setError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [deletingId, setDeletingId] = useState<number>();
  const recurrenteId = useId();
  const ordered = [...props.dias].sort((a, b) => a.fecha.localeCompare(b.fecha));

  const add = async () => {
    if (!(props.tiendaId > 0)) {
      notify.error(horarioMessages.tiendaNoEncontrada);
      return;
    }
    const parsed = diaEspecialSchema.safeParse({ fecha, recurrenteCadaAnio: recurrente });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? horarioMessages.fechaRequerida;
      setError(message);
      notify.error(message);
      return;
    }
    const repetido = props.dias.some((d) => d.fecha.slice(0, 10) === parsed.data.fecha);
    if (repetido) {
      setError(DIA_REPETIDO);
      notify.error(DIA_REPETIDO);
      return;
    }
    setError(undefined);
    setAdding(true);
    try {
      await props.onAdd({ tiendaId: props.tiendaId, ...parsed.data });
      notify.success('Día especial agregado');
      setFecha('');
      setRecurrente(false);
    } catch (e) {
      // Added meanwhile (another device, a double tap): the server's words, beside the date.
      if (e instanceof ApiError && e.code === 'DIA_EXISTENTE') setError(e.message);
      notify.error(errorText(e));
    } finally {
      setAdding(false);
    }
  };

  const remove = async (id: number) => {
    setDeletingId(id);
    try {
      await props.onDelete(id);
      notify.success('Día especial eliminado');
    } catch (e) {
      notify.error(errorText(e));
    } finally {
      setDeletingId(undefined);
    }
  };

  return (
    <div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
        className="mb-4 rounded-xl border border-stone-200 bg-white p-4"
      >
        <TextField
          label="Fecha"
          type="date"
          value={fecha}
          error={error}
          onChange={(event) => {
            setFecha(event.target.value);
            setError(undefined);
          }}
        />
        <div className="mb-4 flex min-h-11 items-center gap-3">
          <input
            id={recurrenteId}
            type="checkbox"
            checked={recurrente}
            onChange={(event) => setRecurrente(event.target.checked)}
            className="size-6 accent-marca-600"
          />
          <label htmlFor={recurrenteId}>Recurrente cada año</label>
        </div>
        <SubmitButton busy={adding} busyLabel="Agregando…">
          Agregar día especial
        </SubmitButton>
      </form>
      <TablaDeHorario caption="Días especiales" columnas={COLUMNAS}>
        {ordered.length === 0 && (
          <tr>
            <td colSpan={3} className="px-3 py-4 text-center text-stone-700">
              No hay días especiales
            </td>
          </tr>
        )}
        {ordered.map((dia) => {
          const texto = formatFechaEspecial(dia.fecha);
          return (
            <tr key={dia.id} className="border-t border-stone-200">
              <td className="px-3 py-2">{texto}</td>
              <td className="px-3 py-2">{dia.recurrenteCadaAnio ? 'Sí' : 'No'}</td>
              <td className="px-3 py-1 text-center">
                <IconButton
                  label={`Eliminar el ${texto}`}
                  disabled={deletingId !== undefined}
                  onClick={() => void remove(dia.id)}
                  className="text-red-700"
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                </IconButton>
              </td>
            </tr>
          );
        })}
      </TablaDeHorario>
    </div>
  );
}
