import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openTiendaPublica } from '#test/app/tienda-publica';
import { CANASTA_KEY } from '../../carrito/canasta/canasta-local';
import {
  categoria,
  grupoExtras,
  grupoTortilla,
  producto,
  taqueria,
} from '#test/tienda-publica/fixtures';
import { signInAs } from '#test/session';
import { setupTaqueriaAbierta } from '#test/tienda-publica/session';

// The product page shows a product's options in place: what must be chosen is seen before
// tapping 'Agregar al carrito', which waits for it (the shop's cards open a sheet instead).

const TIENDA_URL = '/api/tienda/publica/taqueria-lupe';
const GRINGA = '/tienda/taqueria-lupe/tacosalpastor/productodetalle/12';

setupTaqueriaAbierta();

function tienda(gringa: Parameters<typeof producto>[2] = {}) {
  return taqueria({
    categorias: [
      categoria('Tacos Al Pastor', [
        producto('Gringa', 45.5, { id: 12, grupos: [grupoTortilla(), grupoExtras()], ...gringa }),
      ]),
    ],
  });
}

const boton = () =>
  screen.getByRole('button', { name: /^Agregar al carrito/ }) as HTMLButtonElement;

describe('the product page with options', () => {
  it('shows the groups in place, required marked, and adds once the choice is complete', async () => {
    openTiendaPublica(GRINGA, { [TIENDA_URL]: { body: tienda() } });
    const user = userEvent.setup();
    const opciones = await screen.findByRole('region', { name: 'Opciones de Gringa' });
    const tortilla = within(opciones).getByRole('group', { name: /^Tortilla/ });
    expect(tortilla.textContent).toContain('Elige 1');
    expect(tortilla.textContent).toContain('Obligatorio');
    const extras = within(opciones).getByRole('group', { name: /^Extras/ });
    expect(extras.textContent).toContain('Elige hasta 2');
    expect(extras.textContent).not.toContain('Obligatorio');

    // Blocked until the tortilla is chosen, and it says why.
    expect(boton().textContent).toBe('Agregar al carrito · $ 45.50');
    expect(boton().disabled).toBe(true);
    const falta = document.getElementById(boton().getAttribute('aria-describedby') ?? '');
    expect(falta?.textContent).toBe('Elige al menos 1 opción en Tortilla');

    await user.click(within(tortilla).getByRole('radio', { name: 'Harina +$ 5.00' }));
    await user.click(within(extras).getByRole('checkbox', { name: 'Queso +$ 10.00' }));
    expect(boton().disabled).toBe(false);
    expect(boton().getAttribute('aria-describedby')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Aumentar cantidad de Gringa' }));
    expect(boton().textContent).toBe('Agregar al carrito · $ 121.00');
    await user.type(screen.getByLabelText('Nota para la tienda (opcional)'), 'bien dorada');
    await user.click(boton());

    await screen.findByText('Producto agregado', {}, { timeout: 5000 });
    // No sheet: everything happened on the page.
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByRole('link', { name: /^Ver canasta · 2 · / });
    const guardada = JSON.parse(localStorage.getItem(CANASTA_KEY) ?? '[]');
    expect(guardada).toMatchObject([
      { lineas: [{ productoId: 12, opciones: [12, 21], nota: 'bien dorada', cantidad: 2 }] },
    ]);
  });

  it("a shopper's add goes to the server cart with the options", async () => {
    signInAs('USUARIO');
    const calls = openTiendaPublica(GRINGA, {
      [TIENDA_URL]: { body: tienda() },
      '/api/shoppingcartmarket/listarcarrito': { body: [] },
      '/api/shoppingcartmarket/addItem': { body: [] },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Maíz' }));
    await user.click(boton());
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url === '/api/shoppingcartmarket/addItem').map((c) => c.body),
      ).toEqual([{ productoId: 12, opciones: [11] }]),
    );
  });

  it('a sold-out product shows no options, only "Agotado hoy"', async () => {
    openTiendaPublica(GRINGA, { [TIENDA_URL]: { body: tienda({ agotado: true }) } });
    await screen.findByText('Agotado hoy');
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Agregar/ })).toBeNull();
  });

  it('a shop account sees the button switched off, without the options', async () => {
    signInAs('TIENDA');
    openTiendaPublica(GRINGA, { [TIENDA_URL]: { body: tienda() } });
    const agregar = (await screen.findByRole('button', {
      name: 'Agregar al carrito',
    })) as HTMLButtonElement;
    expect(agregar.disabled).toBe(true);
    expect(screen.queryByRole('group')).toBeNull();
  });
});
