import { CANTIDAD_MAXIMA_POR_LINEA, formatPesos, NOTA_LINEA_MAX } from '@tianguis/domain';
import { useId } from 'react';
import { FieldError } from '../../../components/ui/field';
import { CantidadStepper } from '../../carrito';
import type { LineaManualVista } from '../logic/pedido-manual-values';

function LineaManualItem(props: {
  linea: LineaManualVista;
  error?: string;
  onCantidad: (cantidad: number) => void;
  onNota: (nota: string) => void;
}) {
  const { linea, error } = props;
  const notaId = useId();
  const errorId = useId();
  return (
    <li className="py-3" aria-describedby={error ? errorId : undefined}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-semibold [overflow-wrap:anywhere]">{linea.nombre}</p>
          {linea.textoOpciones && (
            <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">{linea.textoOpciones}</p>
          )}
          <p className="text-sm text-stone-700">
            {linea.cantidad} × {formatPesos(linea.precio)} ={' '}
            <span className="font-semibold text-stone-900">
              {formatPesos(linea.precio * linea.cantidad)}
            </span>
          </p>
        </div>
        <CantidadStepper
          nombre={linea.nombre}
          cantidad={linea.cantidad}
          minimo={0}
          maximo={CANTIDAD_MAXIMA_POR_LINEA}
          onChange={props.onCantidad}
        />
      </div>
      <label htmlFor={notaId} className="sr-only">
        Nota para {linea.nombre}
      </label>
      <input
        id={notaId}
        value={linea.nota}
        maxLength={NOTA_LINEA_MAX}
        placeholder="Nota (opcional), ej. sin cebolla"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => props.onNota(event.target.value)}
        className="mt-2 min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
      />
      <FieldError id={errorId} message={error} />
    </li>
  );
}

/** The order's lines: each with its options, a note, − quantity + (− at 1 takes it off). */
export function LineasPedidoManual(props: {
  lineas: readonly LineaManualVista[];
  errores: Record<string, string>;
  onCantidad: (clave: string, cantidad: number) => void;
  onNota: (clave: string, nota: string) => void;
}) {
  if (props.lineas.length === 0) return null;
  return (
    <ul aria-label="Productos del pedido" className="mb-4 divide-y divide-stone-200">
      {props.lineas.map((l) => (
        <LineaManualItem
          key={l.clave}
          linea={l}
          error={props.errores[l.clave]}
          onCantidad={(c) => props.onCantidad(l.clave, c)}
          onNota={(n) => props.onNota(l.clave, n)}
        />
      ))}
    </ul>
  );
}
