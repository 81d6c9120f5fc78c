import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';

/**
 * A labelled input: the visible label is tied to the field, hints and the error are read by
 * screen readers with it (aria-describedby), and a field in error says so (aria-invalid).
 * While the field has an error only the error shows: a hint written for the value before it
 * ('Tu cambio: $ 20.00') could contradict it. The hints come back once the error clears, and
 * aria-describedby always names what is on screen.
 */
export const TextField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & {
    label: string;
    hints?: readonly string[];
    error?: string;
    trailing?: ReactNode;
  }
>(function TextField({ label, hints = [], error, trailing, id, className = '', ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hints`;
  const errorId = `${inputId}-error`;
  const showHints = !error && hints.length > 0;
  const describedBy = error ? errorId : showHints ? hintId : '';
  return (
    <div className={`mb-4 ${className}`}>
      <label htmlFor={inputId} className="mb-1 block font-medium">
        {label}
      </label>
      <div className="flex items-center gap-1">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
          {...rest}
        />
        {trailing}
      </div>
      {showHints && (
        <ul id={hintId} className="mt-1 text-sm text-amber-800" aria-live="polite">
          {hints.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
});

/** A labelled multi-line field, tied to its label and error as `TextField` is (3 rows unless told). */
export function TextAreaField({
  label,
  error,
  id,
  rows = 3,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  return (
    <div className="mb-4">
      <label htmlFor={fieldId} className="mb-1 block font-medium">
        {label}
      </label>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
        {...rest}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A field's own error under it (`id` is what the field's aria-describedby names), or an action's
 * under its button; `className` is its margin ('mt-1' unless told).
 */
export function FieldError({
  id,
  message,
  className = 'mt-1',
}: {
  id?: string;
  message: string | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={`${className} text-sm font-medium text-red-700`}>
      {message}
    </p>
  );
}

/** The message for a whole form (the first rule broken on submit, or the server's refusal). */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
      {message}
    </p>
  );
}

/** Radios as large buttons, one tap each; its error, if any, under it. */
export function ChoiceGroup<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  error?: string;
  onChange: (value: T) => void;
}) {
  const errorId = useId();
  return (
    <fieldset className="mb-4" aria-describedby={props.error ? errorId : undefined}>
      <legend className="mb-1 font-medium">{props.legend}</legend>
      <div className="flex flex-wrap gap-2">
        {props.options.map((o) => (
          <label
            key={o}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-marca-600 has-[:checked]:bg-marca-50 has-[:checked]:font-semibold"
          >
            <input
              type="radio"
              name={props.name}
              value={o}
              checked={props.value === o}
              onChange={() => props.onChange(o)}
              className="size-4 accent-marca-600"
            />
            {props.labels[o]}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={props.error} />
    </fieldset>
  );
}
