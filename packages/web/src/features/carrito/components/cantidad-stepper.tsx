import { Minus, Plus } from 'lucide-react';
import { IconButton } from '../../../components/ui/button';

/**
 * − quantity +, for a basket line or the options form. The buttons have no visible text, so
 * their names ('Disminuir cantidad de X') say which product they change, and that they change a
 * quantity: none starts with 'Agregar', which screen readers and voice control would take for
 * the add button.
 */
export interface CantidadStepperProps {
  nombre: string;
  cantidad: number;
  onChange: (cantidad: number) => void;
  disabled?: boolean;
  /** The lowest quantity − reaches: 0 (drops the line) in a basket, 1 in the sheet. */
  minimo?: number;
  maximo: number;
  /** + is off (a product no longer on sale). */
  sinMas?: boolean;
}

export function CantidadStepper(props: CantidadStepperProps) {
  const { nombre, cantidad, disabled = false, minimo = 0 } = props;
  return (
    <div className="flex items-center gap-1" aria-busy={disabled || undefined}>
      <IconButton
        label={`Disminuir cantidad de ${nombre}`}
        className="border border-stone-300 bg-white"
        disabled={disabled || cantidad <= minimo}
        onClick={() => props.onChange(cantidad - 1)}
      >
        <Minus aria-hidden="true" />
      </IconButton>
      <span className="min-w-8 text-center font-semibold" aria-live="polite">
        <span className="sr-only">Cantidad: </span>
        {cantidad}
      </span>
      <IconButton
        label={`Aumentar cantidad de ${nombre}`}
        className="border border-stone-300 bg-white"
        disabled={disabled || props.sinMas === true || cantidad >= props.maximo}
        onClick={() => props.onChange(cantidad + 1)}
      >
        <Plus aria-hidden="true" />
      </IconButton>
    </div>
  );
}
