import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { MiTienda } from '../../src/features/mi-tienda/api/get-mi-tienda';
import { ToastHost } from '../../src/lib/toast';

/** How a test's Guardar ends: rejected with `error` (the server's message), or after `pendiente`. */
export interface GuardarDePrueba {
  error?: Error;
  pendiente?: Promise<void>;
}

/**
 * One of the owner's forms over a shop, with its toasts: `form` gets the onSave to pass on.
 * Guardar records each body sent and answers the shop as the server would (`guardada(body)`), or
 * rejects with `options.error`, or first waits for `options.pendiente`.
 */
export function renderFormDeTienda<B>(
  form: (onSave: (body: B) => Promise<MiTienda>) => ReactElement,
  guardada: (body: B) => MiTienda,
  options: GuardarDePrueba = {},
) {
  const enviados: B[] = [];
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter>
      {form(async (body) => {
        enviados.push(body);
        if (options.pendiente) await options.pendiente;
        if (options.error) throw options.error;
        return guardada(body);
      })}
      <ToastHost />
    </MemoryRouter>,
  );
  return { user, enviados };
}
