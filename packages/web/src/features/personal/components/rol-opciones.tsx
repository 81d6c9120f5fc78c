import {
  ROL_DESCRIPCIONES,
  ROL_ETIQUETAS,
  ROLES_PERSONAL,
  type RolPersonal,
} from '@tianguis/domain';
import { forwardRef, useId } from 'react';
import { FieldError } from '../../../components/ui/field';

/**
 * The three staff roles as native radios, each with what it may do under its name (read with
 * it by screen readers); its error, if any, under the group.
 */
export const RolOpciones = forwardRef<
  HTMLFieldSetElement,
  {
    legend: string;
    name: string;
    value: RolPersonal | '';
    error?: string;
    onChange: (rol: RolPersonal) => void;
  }
>(function RolOpciones(props, ref) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      ref={ref}
      className="mb-4"
      aria-describedby={props.error ? errorId : undefined}
      aria-invalid={props.error ? true : undefined}
    >
      <legend className="mb-1 font-medium">{props.legend}</legend>
      <div className="grid gap-2">
        {ROLES_PERSONAL.map((rol) => (
          <label
            key={rol}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-marca-600 has-[:checked]:bg-marca-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-marca-600"
          >
            <input
              type="radio"
              name={props.name}
              value={rol}
              checked={props.value === rol}
              onChange={() => props.onChange(rol)}
              aria-describedby={`${id}-${rol}`}
              className="mt-1 size-4 shrink-0 accent-marca-600"
            />
            <span>
              <span className="block font-semibold">{ROL_ETIQUETAS[rol]}</span>
              <span id={`${id}-${rol}`} className="block text-sm text-stone-700">
                {ROL_DESCRIPCIONES[rol]}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={props.error} />
    </fieldset>
  );
});
