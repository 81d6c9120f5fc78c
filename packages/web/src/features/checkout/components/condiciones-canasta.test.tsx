import type { Franjas } from '@tianguis/domain';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query';
import { taqueria } from '#test/tienda-publica/fixtures';
import type { TiendaDeCanasta } from '../../carrito/canasta/use-canasta';
import { CondicionesCanasta } from './checkout-card';

// The cart's closed notice (docs/api.md, "Orders for later"): a closed shop that takes orders
// for later says from when, from its slots; one that takes none says it is closed. The shop's
// public answer and slots come through the browser's fetch, answered here as the server would.

// Monday 2026-11-23, 12:00 in Mexico City.
const MEDIODIA = new Date('2026-11-23T18:00:00.000Z');
const CERRADA = 'Taquería Lupe está cerrada. Fuera del horario de atención (18:00 - 02:00)';

const tienda: TiendaDeCanasta = {
  tiendaId: 1,
  nombre: 'Taquería Lupe',
  usuario: 'taqueria-lupe',
  celular: '5512345678',
  montoMinimo: 0,
  costoDeEnvio: 0,
  entrega: { recoger: true, domicilio: false },
  pagos: { efectivo: true, terminal: false, transferencia: null },
  abierta: false,
  mensajeCerrada: CERRADA,
};

let respuestas: Record<string, unknown>;
let pedidas: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(MEDIODIA);
  respuestas = {};
  pedidas = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    pedidas.push(String(input));
    const cuerpo = respuestas[String(input)];
    return cuerpo === undefined
      ? new Response(JSON.stringify({ code: 'NO_ENCONTRADO', message: 'No existe' }), {
          status: 404,
        })
      : new Response(JSON.stringify(cuerpo), { status: 200 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearQueryCache();
});

const FRANJAS: Franjas = {
  ahoraMin: null,
  franjas: [
    {
      inicio: '2026-11-24T00:00:00.000Z',
      fin: '2026-11-24T00:30:00.000Z',
      disponible: false,
      restantes: 0,
    },
    {
      inicio: '2026-11-24T00:30:00.000Z',
      fin: '2026-11-24T01:00:00.000Z',
      disponible: true,
      restantes: 2,
    },
  ],
};

function responder(activa: boolean) {
  respuestas['/api/tienda/publica/taqueria-lupe'] = taqueria({
    programacion: {
      activa,
      diasAdelante: 1,
      intervaloMin: 30,
      pedidosPorIntervalo: 2,
      preparacionMin: 20,
    },
    demoraMin: 0,
  });
  respuestas['/api/tienda/franjas/taqueria-lupe'] = FRANJAS;
}

describe("the cart's closed notice", () => {
  it('a closed shop that takes orders for later says from its first slot with room', async () => {
    responder(true);
    render(<CondicionesCanasta tienda={tienda} />);
    expect(
      await screen.findByText(
        'Cerrado ahora · puedes programar tu pedido para hoy a partir de las 18:30',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(CERRADA)).toBeNull();
  });

  it('one that takes none says it is closed', async () => {
    responder(false);
    render(<CondicionesCanasta tienda={tienda} />);
    expect(screen.getByRole('status').textContent).toBe(CERRADA);
    // Its answer read, it still says so, and asks for no slots.
    await vi.waitFor(() => expect(pedidas).toEqual(['/api/tienda/publica/taqueria-lupe']));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('status').textContent).toBe(CERRADA);
    expect(pedidas).toEqual(['/api/tienda/publica/taqueria-lupe']);
  });
});
