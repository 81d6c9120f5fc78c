import { diaLabel, horaLabel, horarioMessages, OPCIONES_DE_HORA } from '@tianguis/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import type { HorarioEntryBody } from '../api/save-horarios';
import { buildHorarioPayload, type FilaHorario } from './horarios-semana';

/** The 30-minute choices, plus a stored time off that grid so it still shows as it is. */
function opcionesCon(value: string): readonly string[] {
  return OPCIONES_DE_HORA.includes(value) ? OPCIONES_DE_HORA : [value, ...OPCIONES_DE_HORA];
}

function HoraSelect(props: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <select
      aria-label={props.label}
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.value)}
      className="min-h-11 w-full rounded-lg border border-stone-400 bg-white px-1.5 py-1 text-base disabled:bg-stone-100 disabled:text-stone-400"
    >
      {opcionesCon(props.value).map((hora) => (
        <option key={hora} value={hora}>
          {horaLabel(hora)}
        </option>
      ))}
    </select>
  );
}

/**
 * The weekly table (Día, Apertura, Cierre, Cerrado). Cerrado disables that day's choices; Guardar
 * sends the whole week, which replaces the stored one.
 */
export function HorariosTabla(props: {
  tiendaId: number;
  filas: readonly FilaHorario[];
  onSave: (entries: HorarioEntryBody[]) => Promise<void>;
}) {
  const [filas, setFilas] = useState<FilaHorario[]>(() => [...props.filas]);
  const [saving, setSaving] = useState(false);

  const change = (index: number, patch: Partial<FilaHorario>) =>
    setFilas((all) => all.map((fila, i) => (i === index ? { ...fila, ...patch } : fila)));

  const save = async () => {
    setSaving(true);
    try {
      await props.onSave(buildHorarioPayload(filas, props.tiendaId));
      notify.success(horarioMessages.horariosGuardados);
    } catch (error) {
      notify.error(`Error: ${error instanceof Error ? error.message : 'no se pudo guardar'}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div>
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full text-left">
          <caption className="sr-only">Horario semanal</caption>
          <thead className="bg-stone-100 text-sm">
            <tr>
              <th scope="col" className="px-2 py-2">
                Día
              </th>
              <th scope="col" className="px-1 py-2">
                Apertura
              </th>
              <th scope="col" className="px-1 py-2">
                Cierre
              </th>
              <th scope="col" className="px-2 py-2 text-center">
                Cerrado
              </th>
            </tr>
          </thead>
          <tbody>
            {filas.map((fila, index) => {
              const nombre = diaLabel(fila.dia);
              return (
                <tr key={fila.dia} className="border-t border-stone-200">
                  <th scope="row" className="px-2 py-2 font-medium">
                    {nombre}
                  </th>
                  <td className="px-1 py-2">
                    <HoraSelect
                      label={`Apertura del ${nombre}`}
                      value={fila.apertura}
                      disabled={fila.cerrado}
                      onChange={(apertura) => change(index, { apertura })}
                    />
                  </td>
                  <td className="px-1 py-2">
                    <HoraSelect
                      label={`Cierre del ${nombre}`}
                      value={fila.cierre}
                      disabled={fila.cerrado}
                      onChange={(cierre) => change(index, { cierre })}
                    />
                  </td>
                  <td className="px-2 py-2 text-center">
                    <input
                      type="checkbox"
                      aria-label={`Cerrado el ${nombre}`}
                      checked={fila.cerrado}
                      onChange={(event) => change(index, { cerrado: event.target.checked })}
                      className="size-6 accent-marca-600"
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="mt-4 flex justify-end">
        <Button onClick={() => void save()} disabled={saving} aria-busy={saving || undefined}>
          {saving ? 'Guardando…' : 'Guardar Horarios'}
        </Button>
      </div>
    </div>
  );
}
