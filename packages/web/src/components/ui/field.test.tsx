import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextField } from './field';

/** A cash field as checkout draws it: the change as a hint, the amount's rule as the error. */
function PagaCon() {
  const [value, setValue] = useState('500');
  const pesos = Number(value);
  const error = pesos < 120 ? 'Con cuánto pagas debe ser igual o mayor al total ($ 120.00)' : '';
  return (
    <TextField
      label="¿Con cuánto pagas?"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      hints={[`Tu cambio: $ ${pesos - 120}.00`]}
      error={error || undefined}
    />
  );
}

/** What a screen reader reads as the field's description: the elements aria-describedby names. */
function description(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `<falta #${id}>`).join(' ');
}

describe('TextField', () => {
  it('shows its hints and names them as its description while there is no error', () => {
    render(<TextField label="Usuario" hints={['Empieza con una letra']} />);
    const input = screen.getByLabelText('Usuario');
    expect(screen.getByText('Empieza con una letra')).toBeTruthy();
    expect(description(input)).toBe('Empieza con una letra');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('shows only the error while there is one, and the hints again once it clears', async () => {
    const user = userEvent.setup();
    render(<PagaCon />);
    const input = screen.getByLabelText('¿Con cuánto pagas?');
    expect(screen.getByText('Tu cambio: $ 380.00')).toBeTruthy();
    expect(description(input)).toBe('Tu cambio: $ 380.00');

    await user.clear(input);
    await user.type(input, '100');
    // The hint would say "Tu cambio: $ -20.00" next to "must be at least the total".
    expect(screen.queryByText(/Tu cambio/)).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(
      'Con cuánto pagas debe ser igual o mayor al total ($ 120.00)',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('Con cuánto pagas debe ser igual o mayor al total ($ 120.00)');

    await user.clear(input);
    await user.type(input, '200');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Tu cambio: $ 80.00')).toBeTruthy();
    expect(description(input)).toBe('Tu cambio: $ 80.00');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('names nothing as its description when it has neither hints nor an error', () => {
    render(<TextField label="Nombre" />);
    expect(screen.getByLabelText('Nombre').hasAttribute('aria-describedby')).toBe(false);
  });
});
