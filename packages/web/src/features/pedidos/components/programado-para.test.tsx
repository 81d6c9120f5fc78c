import type { PedidoVista } from '@tianguis/domain';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SeguimientoPedido } from '../../seguimiento/components/seguimiento-pedido';
import { pedidoVista } from '#test/pedidos/fixtures';
import { MisPedidoDetalle } from './mis-pedido-detalle';
import { MisPedidosLista } from './mis-pedidos-lista';
import { textoDeEstado, textoProgramado, textoWhatsAppDePedido } from './pedido-partes';

// An order for later on the shopper's screens (docs/api.md, "Orders for later"): when it is
// wanted, on the phone's clock. Instants here are built on that clock (the Date constructor's
// local time), so the texts hold in whatever zone the tests run.

// Thursday 3 December 2026, 12:00 on the phone's clock.
const AHORA = new Date(2026, 11, 3, 12, 0);
const MANANA_14 = new Date(2026, 11, 4, 14, 0).toISOString();
const HOY_14 = new Date(2026, 11, 3, 14, 0).toISOString();
const SABADO_9 = new Date(2026, 11, 5, 9, 0).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(AHORA);
});
afterEach(() => vi.useRealTimers());

const programado = (over: Partial<PedidoVista> = {}) =>
  pedidoVista({ programadoPara: MANANA_14, fecha: AHORA.toISOString(), ...over });

describe('the scheduled time on the shopper’s order views', () => {
  it('says the day as people do: today, tomorrow, or the weekday and date', () => {
    expect(textoProgramado({ programadoPara: HOY_14 }, AHORA)).toBe('Para las 14:00');
    expect(textoProgramado({ programadoPara: MANANA_14 }, AHORA)).toBe('Para mañana a las 14:00');
    expect(textoProgramado({ programadoPara: SABADO_9 }, AHORA)).toBe(
      'Para el sábado 5 a las 09:00',
    );
    expect(textoProgramado({ programadoPara: null }, AHORA)).toBeUndefined();
  });

  it('the order’s page shows it above the status', () => {
    render(<MisPedidoDetalle pedido={programado()} />);
    const para = screen.getByText('Para mañana a las 14:00');
    expect(para.closest('time')?.getAttribute('datetime')).toBe(MANANA_14);
    expect(screen.getByText('Nuevo · esperando a que la tienda lo acepte')).toBeTruthy();
  });

  it('accepted for its slot says only "Aceptado" (its time is the line above); for other minutes, the ready time too', () => {
    const enSuHora = programado({ status: 'ACEPTADO', listoEstimado: MANANA_14 });
    expect(textoDeEstado(enSuHora)).toBe('Aceptado');
    render(<MisPedidoDetalle pedido={enSuHora} />);
    expect(screen.getByText('Para mañana a las 14:00')).toBeTruthy();
    expect(screen.queryByText(/listo aprox/)).toBeNull();

    const antes = new Date(2026, 11, 4, 13, 45).toISOString();
    expect(textoDeEstado(programado({ status: 'ACEPTADO', listoEstimado: antes }))).toBe(
      'Aceptado · listo aprox. a las 13:45',
    );
  });

  it('an order for now shows no scheduled time', () => {
    render(<MisPedidoDetalle pedido={pedidoVista({ fecha: AHORA.toISOString() })} />);
    expect(screen.queryByText(/^Para /)).toBeNull();
  });

  it('the list shows it on active orders only', () => {
    render(
      <MemoryRouter>
        <MisPedidosLista
          pedidos={[
            programado({ id: 1 }),
            programado({ id: 2, status: 'COMPLETADO', programadoPara: HOY_14 }),
          ]}
        />
      </MemoryRouter>,
    );
    const tarjetas = within(screen.getByRole('list', { name: 'Lista de pedidos' }))
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('h2'));
    const activa = tarjetas.find((t) => t.textContent?.includes('Pedido #1'));
    const completada = tarjetas.find((t) => t.textContent?.includes('Pedido #2'));
    expect(activa?.textContent).toContain('Para mañana a las 14:00');
    expect(completada?.textContent).not.toContain('Para las 14:00');
  });

  it('the tracking page shows it with the order’s steps', () => {
    render(
      <MemoryRouter>
        <SeguimientoPedido pedido={programado()} enVivo="en-vivo" ofrecerCuenta={false} />
      </MemoryRouter>,
    );
    const estado = screen.getByRole('region', { name: 'Estado del pedido' });
    expect(within(estado).getByText('Para mañana a las 14:00')).toBeTruthy();
  });

  it('the WhatsApp message to the shop says it', () => {
    const texto = textoWhatsAppDePedido(programado(), undefined, AHORA);
    expect(texto.split('\n').slice(0, 2)).toEqual([
      'Hola, acabo de hacer el pedido #9 en Taquería Lupe:',
      'Para mañana a las 14:00',
    ]);
    expect(textoWhatsAppDePedido(pedidoVista(), undefined, AHORA)).not.toContain('Para ');
  });
});
