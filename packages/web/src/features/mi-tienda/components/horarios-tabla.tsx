import { diaLabel, horaLabel, horarioMessages, OPCIONES_DE_HORA } from '@tianguis/domain';
import { useState, type ReactNode } from 'react';
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
 * An hours table's frame (the week's, the special days'): white, scrolling sideways on a narrow
 * phone, named for screen readers by `caption`, with its column heads (text and padding).
 */
export function TablaDeHorario(props: {
  caption: string;
  columnas: readonly { texto: string; className: string }[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full text-left">
        <caption className="sr-only">{props.caption}</caption>
        <thead className="bg-stone-100 text-sm">
          <tr>
            {props.columnas.map((c) => (
              <th key={c.texto} scope="col" className={c.className}>
                {c.texto}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

const COLUMNAS = [
  { texto: 'Día', className: 'px-2 py-2' },
  { texto: 'Apertura', className: 'px-1 py-2' },
  { texto: 'Cierre', className: 'px-1 py-2' },
  { texto: 'Cerrado', className: 'px-2 py-2 text-center' },
];

/** A day's two times: its opening and its closing. */
const HORAS = [
  { campo: 'apertura', texto: 'Apertura' },
  { campo: 'cierre', texto: 'Cierre' },
] as const;

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
      <TablaDeHorario caption="Horario semanal" columnas={COLUMNAS}>
        {filas.map((fila, index) => {
          const nombre = diaLabel(fila.dia);
          return (
            <tr key={fila.dia} className="border-t border-stone-200">
              <th scope="row" className="px-2 py-2 font-medium">
                {nombre}
              </th>
              {HORAS.map((h) => (
                <td key={h.campo} className="px-1 py-2">
                  <HoraSelect
                    label={`${h.texto} del ${nombre}`}
                    value={fila[h.campo]}
                    disabled={fila.cerrado}
                    onChange={(hora) => change(index, { [h.campo]: hora })}
                  />
                </td>
              ))}
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
      </TablaDeHorario>
      <div className="mt-4 flex justify-end">
        <Button onClick={() => void save()} disabled={saving} aria-busy={saving || undefined}>
          {saving ? 'Guardando…' : 'Guardar Horarios'}
        </Button>
      </div>
    </div>
  );
}
