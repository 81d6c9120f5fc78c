import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TicketCocina } from './ticket-cocina';
import { cssTextOf } from '../../../lib/document-style';
import { TicketImpresion, ticketPrintCss } from './ticket-impresion';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import {
  ENTREGA_RECOGER,
  entregaADomicilio,
  opcionesElegidas,
  pagoEnEfectivo,
  pagoPorTransferencia,
} from '#test/pedidos/fixtures';

const TZ = 'America/Mexico_City';
const PEDIDO = makePedido({
  id: 42,
  fecha: '2025-03-12T06:05:00Z',
  celular: '5512345678',
  nombreCompleto: 'Ana López',
  direccionEntrega: 'Av. Juárez 10, Centro',
});

/** The ticket's lines as printed, blank runs folded. */
function lines(el: HTMLElement): string[] {
  return Array.from(el.querySelectorAll('p, div.flex'))
    .map((n) => (n.textContent ?? '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

afterEach(() => vi.restoreAllMocks());

describe('TicketCocina', () => {
  it('prints the order, date on the shop clock, shopper, lines and totals', () => {
    render(<TicketCocina pedido={PEDIDO} timeZone={TZ} ancho={80} />);
    const ticket = screen.getByRole('article', { name: 'Ticket del pedido 42' });
    expect(lines(ticket)).toEqual([
      'Taquería Lupe',
      'PEDIDO #42',
      '12/03/2025 00:05',
      'Estado: Nuevo',
      'Cliente: Ana López',
      'Tel: 55-1234-5678',
      'Entrega: A domicilio',
      'Av. Juárez 10, Centro',
      'Pago: Efectivo',
      '2 x Taco al pastor',
      '$ 15.00 c/u$ 30.00',
      '1 x Agua de horchata',
      '$ 15.00 c/u$ 15.00',
      'Artículos3',
      'Subtotal$ 45.00',
      'Envío$ 20.50',
      'TOTAL$ 65.50',
      'Gracias por su compra',
    ]);
    expect(ticket.style.width).toBe('72mm');
  });

  it('prints each line’s options and note, the order’s note, pickup, payment and marks', () => {
    render(
      <TicketCocina
        pedido={makePedido({
          id: 43,
          fecha: '2025-03-12T18:00:00Z',
          status: 'ACEPTADO',
          listoEstimado: '2025-03-12T18:20:00Z',
          invitado: true,
          nota: 'Sin servilletas',
          entrega: ENTREGA_RECOGER,
          pago: pagoEnEfectivo(200, 134.5),
          pedidoDetalles: [
            {
              nombreProducto: 'Quesadilla',
              imagenProducto: 'N/A',
              cantidad: 1,
              precio: 45,
              opciones: opcionesElegidas(['Tortilla', 'Harina', 5], ['Extras', 'Queso', 10]),
              nota: 'Bien dorada',
            },
          ],
        })}
        timeZone={TZ}
        ancho={58}
      />,
    );
    expect(lines(screen.getByRole('article'))).toEqual([
      'Taquería Lupe',
      'PEDIDO #43',
      '12/03/2025 12:00',
      'Estado: Aceptado',
      'Listo aprox. a las 12:20',
      'Cliente: Ana López (Invitado)',
      'Tel: 55-1234-5678',
      'Entrega: Recoger en tienda',
      'Pago: Efectivo',
      'Paga con $ 200.00 · llevar cambio $ 134.50',
      'NOTA: Sin servilletas',
      '1 x Quesadilla',
      'Tortilla: Harina · Extras: Queso',
      '* Bien dorada',
      '$ 45.00 c/u$ 45.00',
      'Artículos1',
      'Subtotal$ 45.00',
      'Envío$ 20.50',
      'TOTAL$ 65.50',
      'Gracias por su compra',
    ]);
  });

  it('prints a transfer’s state and reference, and the delivery references', () => {
    render(
      <TicketCocina
        pedido={makePedido({
          id: 44,
          origen: 'MANUAL',
          invitado: true,
          entrega: entregaADomicilio('Calle 5 #12', 'Portón verde'),
          pago: pagoPorTransferencia('PED-44'),
        })}
        timeZone={TZ}
        ancho={80}
      />,
    );
    const texto = lines(screen.getByRole('article'));
    expect(texto).toContain('Cliente: Ana López (Por teléfono)');
    expect(texto).toContain('Calle 5 #12');
    expect(texto).toContain('Ref: Portón verde');
    expect(texto).toContain('Pago: Transferencia (PENDIENTE)');
    expect(texto).toContain('Ref. pago: PED-44');
  });

  it('an order typed by the owner without a phone prints no Tel line', () => {
    render(<TicketCocina pedido={{ ...PEDIDO, celular: '' }} timeZone={TZ} ancho={80} />);
    const ticket = screen.getByRole('article', { name: 'Ticket del pedido 42' });
    expect(lines(ticket)).toContain('Cliente: Ana López');
    expect(lines(ticket).some((l) => l.startsWith('Tel:'))).toBe(false);
  });

  it('narrows to 58 mm paper', () => {
    render(<TicketCocina pedido={PEDIDO} timeZone={TZ} ancho={58} />);
    expect(screen.getByRole('article').style.width).toBe('48mm');
  });

  it('the print sheet is the paper’s width, the ticket’s length, and prints the ticket alone', () => {
    expect(ticketPrintCss(80, 120)).toContain('@page{size:80mm 120mm;margin:0}');
    expect(ticketPrintCss(58, 95)).toContain('@page{size:58mm 95mm;margin:0}');
    // Unmeasured: the printer's own paper, never a made-up length.
    expect(ticketPrintCss(58, undefined)).toContain('@page{margin:0}');
    expect(ticketPrintCss(58, 95)).toContain(
      'body>*:not(.ticket-print-root){display:none!important}',
    );
  });
});

describe('TicketImpresion', () => {
  it('switches between 58 and 80 mm, remembers it, and prints', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    // jsdom lays nothing out: the ticket measures 384 px, 101.6 mm at 96 px per inch; the page gets 2 mm more.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 300, height: 384 }),
    );
    const written = vi.spyOn(CSSStyleSheet.prototype, 'replaceSync');
    const { unmount } = render(<TicketImpresion pedido={PEDIDO} timeZone={TZ} />);
    const printRoot = document.body.querySelector('.ticket-print-root') as HTMLElement;
    expect(printRoot.parentElement).toBe(document.body);
    // The print rules are an adopted stylesheet (the CSP allows no inline <style>). jsdom's CSS
    // parser drops @page's `size`, so the text written into the sheet is read as written.
    expect(document.adoptedStyleSheets.map(cssTextOf).join('\n')).toContain('.ticket-print-root');
    const printCss = () => String(written.mock.lastCall?.[0]);
    expect(printCss()).toContain('size:80mm 104mm');
    await user.click(screen.getByRole('radio', { name: '58 mm' }));
    expect(printCss()).toContain('size:58mm 104mm');
    expect(within(printRoot).getByRole('article', { hidden: true }).style.width).toBe('48mm');
    await user.click(screen.getByRole('button', { name: 'Imprimir ticket' }));
    expect(print).toHaveBeenCalledTimes(1);
    unmount();
    expect(document.body.querySelector('.ticket-print-root')).toBeNull();
    expect(document.adoptedStyleSheets).toEqual([]);
    render(<TicketImpresion pedido={PEDIDO} timeZone={TZ} />);
    expect((screen.getByRole('radio', { name: '58 mm' }) as HTMLInputElement).checked).toBe(true);
  });

  it('still shows and prints on a browser without constructable stylesheets (Safari < 16.4)', async () => {
    vi.stubGlobal(
      'CSSStyleSheet',
      class {
        constructor() {
          throw new TypeError('Illegal constructor');
        }
      },
    );
    try {
      const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
      render(<TicketImpresion pedido={PEDIDO} timeZone={TZ} />);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Imprimir ticket' }));
      expect(print).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
