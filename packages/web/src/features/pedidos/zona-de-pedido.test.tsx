import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PedidoDetalle } from '../pedidos-tienda/components/pedido-detalle';
import { PedidoRow } from '../pedidos-tienda/components/pedido-row';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import { TicketCocina } from '../pedidos-tienda/components/ticket-cocina';
import { EntregaDePedido } from './components/pedido-partes';
import { pedidoVista } from '#test/pedidos/fixtures';
import { textoDeLugar, textoDeZona } from './zona-de-pedido';

const TZ = 'America/Mexico_City';
const entrega = {
  tipo: 'DOMICILIO' as const,
  direccion: 'Pino 12',
  referencias: null,
  colonia: 'Álamos',
  codigoPostal: '03400',
  ubicacion: null,
  zona: { nombre: 'Centro', costoDeEnvio: 20 },
};

afterEach(cleanup);

describe("an order's delivery zone on screen", () => {
  it('is said as the zone and the fee charged, with the colonia and postal code given', () => {
    expect(textoDeZona(entrega)).toBe('Zona Centro ($ 20.00)');
    expect(textoDeLugar(entrega)).toBe('Col. Álamos · C.P. 03400');
    expect(textoDeLugar({ ...entrega, colonia: null })).toBe('C.P. 03400');
    // Without a zone (a shop with the flat fee, or pickup) nothing is added.
    expect(textoDeZona({ ...entrega, zona: null })).toBeUndefined();
    expect(textoDeZona({ ...entrega, tipo: 'RECOGER' })).toBeUndefined();
    expect(textoDeLugar({ ...entrega, colonia: null, codigoPostal: null })).toBeUndefined();
  });

  it("shows on the shopper's detail and tracking (EntregaDePedido)", () => {
    render(
      <MemoryRouter>
        <EntregaDePedido pedido={pedidoVista({ entrega })} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Envío a domicilio · Zona Centro \(\$ 20\.00\)/)).toBeTruthy();
    expect(screen.getByText('Col. Álamos · C.P. 03400')).toBeTruthy();
  });

  it("shows on the owner's board card, order detail and printed ticket", () => {
    const pedido = makePedido({ id: 9, entrega });
    render(
      <MemoryRouter>
        <ul>
          <PedidoRow pedido={pedido} timeZone={TZ} now={new Date('2025-03-12T15:05:00Z')} />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByText(/A domicilio · Zona Centro \(\$ 20\.00\) · Pino 12/)).toBeTruthy();
    cleanup();

    render(
      <MemoryRouter>
        <PedidoDetalle pedido={pedido} timeZone={TZ} onAccion={async () => undefined} />
      </MemoryRouter>,
    );
    const region = screen.getByRole('region', { name: 'Entrega' });
    expect(within(region).getByText('Zona Centro ($ 20.00)')).toBeTruthy();
    expect(within(region).getByText('Col. Álamos · C.P. 03400')).toBeTruthy();
    cleanup();

    render(<TicketCocina pedido={pedido} timeZone={TZ} ancho={58} />);
    const ticket = screen.getByRole('article', { name: 'Ticket del pedido 9' });
    expect(within(ticket).getByText('Zona Centro ($ 20.00)')).toBeTruthy();
    expect(within(ticket).getByText('Col. Álamos · C.P. 03400')).toBeTruthy();
  });
});
