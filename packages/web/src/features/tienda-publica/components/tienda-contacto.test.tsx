import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { taqueria } from '#test/tienda-publica/fixtures';
import { TiendaContacto } from './tienda-info';

// docs/shop-pages.md, "The menu": the shop's address, "Cómo llegar" and "Llamar" under its
// terms, each only when the owner set it.

afterEach(cleanup);

const MAPS = 'https://www.google.com/maps/search/?api=1&query=';

describe('TiendaContacto', () => {
  it('shows the address with a maps link in a new tab and the call link', () => {
    const { tienda } = taqueria({ direccion: 'Calle 5 #12, Centro', telefono: '5512349876' });
    render(<TiendaContacto tienda={tienda} />);
    expect(screen.getByText('Calle 5 #12, Centro')).toBeTruthy();
    const llegar = screen.getByRole('link', { name: 'Cómo llegar' });
    expect(llegar.getAttribute('href')).toBe(
      MAPS + encodeURIComponent(`${tienda.nombre}, Calle 5 #12, Centro`),
    );
    expect(llegar.getAttribute('target')).toBe('_blank');
    expect(llegar.getAttribute('rel')).toBe('noopener');
    expect(screen.getByRole('link', { name: 'Llamar' }).getAttribute('href')).toBe(
      'tel:+525512349876',
    );
  });

  it('shows only what is set, and nothing without either', () => {
    const { unmount } = render(
      <TiendaContacto tienda={taqueria({ direccion: null, telefono: '5512349876' }).tienda} />,
    );
    expect(screen.queryByRole('link', { name: 'Cómo llegar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Llamar' })).toBeTruthy();
    unmount();

    const { container } = render(
      <TiendaContacto tienda={taqueria({ direccion: null, telefono: null }).tienda} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('a map point without an address still offers "Cómo llegar" to it', () => {
    const { tienda } = taqueria({ direccion: null, telefono: null });
    render(<TiendaContacto tienda={{ ...tienda, ubicacion: { lat: 19.0433, lng: -98.1981 } }} />);
    expect(screen.getByRole('link', { name: 'Cómo llegar' }).getAttribute('href')).toBe(
      `${MAPS}19.0433,-98.1981`,
    );
    expect(screen.queryByRole('link', { name: 'Llamar' })).toBeNull();
  });

  it('lets a long unbroken address wrap', () => {
    const larga = 'Avenida'.repeat(20);
    render(<TiendaContacto tienda={taqueria({ direccion: larga, telefono: null }).tienda} />);
    expect(screen.getByText(larga).className).toContain('[overflow-wrap:anywhere]');
  });
});
