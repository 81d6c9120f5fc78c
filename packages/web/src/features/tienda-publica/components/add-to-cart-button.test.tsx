import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../auth/session-store';
import { clearQueryCache } from '../../../lib/query';
import { ToastHost } from '../../../lib/toast';
import { fakeFetch, signInAs } from '../test/session';
import { AddToCartButton } from './add-to-cart-button';

// The toasts' library is loaded on the first toast, which can take a moment under load.
const TOAST = { timeout: 5000 };

afterEach(() => {
  clearSession();
  clearQueryCache();
  vi.unstubAllGlobals();
});

function renderButton() {
  render(
    <MemoryRouter>
      <AddToCartButton productoId={12} />
      <ToastHost />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('AddToCartButton', () => {
  it('asks a visitor without a session to sign in, and calls nothing', async () => {
    const { fetch, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetch);
    const user = renderButton();
    await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }));
    await screen.findByText('Haga login con su usuario para agregar al carrito', {}, TOAST);
    expect(screen.getByRole('link', { name: 'inicia sesión' }).getAttribute('href')).toBe(
      '/signin',
    );
    expect(calls).toEqual([]);
  });

  it.each(['TIENDA', 'ADMIN'] as const)('does not let a %s account buy, and says why', (role) => {
    signInAs(role);
    renderButton();
    const button = screen.getByRole('button', { name: 'Agregar al carrito' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const explanation = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(explanation?.textContent).toMatch(/no pueden comprar/);
  });

  it('adds one unit for a shopper, busy meanwhile, and confirms', async () => {
    signInAs('USUARIO');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetch, calls } = fakeFetch({ '/api/shoppingcartmarket/addItem': { body: [] } });
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return fetch(...args);
    });
    const user = renderButton();
    await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }));
    const busy = screen.getByRole('button', { name: 'Agregando…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    release();
    await screen.findByText('Producto agregado', {}, TOAST);
    expect(calls).toEqual([
      { url: '/api/shoppingcartmarket/addItem', method: 'POST', body: { productoId: 12 } },
    ]);
    expect(screen.getByRole('button', { name: 'Agregar al carrito' })).toBeTruthy();
  });

  it('shows the server’s reason when adding fails', async () => {
    signInAs('USUARIO');
    const { fetch } = fakeFetch({
      '/api/shoppingcartmarket/addItem': {
        status: 400,
        body: { code: 'VALIDACION', message: 'No puedes agregar más de 999 piezas de un producto' },
      },
    });
    vi.stubGlobal('fetch', fetch);
    const user = renderButton();
    await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }));
    await screen.findByText('No puedes agregar más de 999 piezas de un producto', {}, TOAST);
  });
});
