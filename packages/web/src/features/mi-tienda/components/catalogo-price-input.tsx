import { isPriceInputAllowed, PRICE_INPUT_MAX } from '@tianguis/domain';
import { forwardRef } from 'react';
import { TextField } from '../../../components/ui/field';

/**
 * The text the price field keeps after a keystroke or a paste: the new text when the
 * price rules (docs/api.md) allow it (a comma typed as the decimal point counts as a point),
 * else the old.
 */
export function filterPriceInput(previous: string, next: string): string {
  const candidate = next.replace(',', '.');
  return isPriceInputAllowed(candidate) ? candidate : previous;
}

/** Precio: refuses keystrokes the price rules don't allow; the phone shows digits. */
export const CatalogoPriceInput = forwardRef<
  HTMLInputElement,
  {
    value: string;
    onChange: (value: string) => void;
    error?: string;
    label?: string;
  }
>(function CatalogoPriceInput({ value, onChange, error, label = 'Precio (pesos)' }, ref) {
  return (
    <TextField
      ref={ref}
      label={label}
      name="precio"
      inputMode="decimal"
      autoComplete="off"
      maxLength={PRICE_INPUT_MAX}
      value={value}
      error={error}
      onChange={(event) => onChange(filterPriceInput(value, event.target.value))}
    />
  );
});
