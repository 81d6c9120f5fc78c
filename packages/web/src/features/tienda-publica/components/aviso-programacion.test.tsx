import { tiempoEstimado, type Franjas, type Programacion } from '@tianguis/domain';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query';
import type { TiendaPublicaAnswer } from '../../../lib/tienda-publica/get-tienda-publica';
import { taqueria } from '#test/tienda-publica/fixtures';
import { TiendaCerradaAvisoVivo } from './tienda-cerrada-aviso';
import TiendaCondiciones from './tienda-condiciones';

// The shop page's time lines (docs/api.md, "Orders for later"): the estimate while it takes
// orders, and from when a closed or paused shop that takes orders for later can be ordered from.
// The taquería opens 18:00–02:00 Monday to Saturday, in Mexico City (UTC-6).

const URL_FRANJAS = '/api/tienda/franjas/taqueria-lupe';
// Monday 2026-11-23, 12:00 in Mexico City: closed until 18:00.
const MEDIODIA = new Date('2026-11-23T18:00:00.000Z');
// The same Monday at 20:00: open.
const NOCHE = new Date('2026-11-24T02:00:00.000Z');

const PROGRAMACION: Programacion = {
  activa: true,
  diasAdelante: 1,
  intervaloMin: 30,
  pedidosPorIntervalo: 5,
  preparacionMin: 20,
};

let franjas: Franjas | undefined;
let pedidas: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  franjas = undefined;
  pedidas = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    pedidas.push(String(input));
    if (String(input) === URL_FRANJAS && franjas) {
      return new Response(JSON.stringify(franjas), { status: 200 });
    }
    // Not answered: the page keeps what it worked out from the hours.
    return new Response(JSON.stringify({ code: 'ERROR', message: 'Falló' }), { status: 500 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearQueryCache();
});

function tienda(over: Partial<TiendaPublicaAnswer['tienda']> = {}): TiendaPublicaAnswer {
  return taqueria({ programacion: PROGRAMACION, demoraMin: 0, ...over });
}

function abrir(answer: TiendaPublicaAnswer, now: Date) {
  vi.setSystemTime(now);
  render(
    <>
      <TiendaCerradaAvisoVivo answer={answer} />
      <TiendaCondiciones answer={answer} />
    </>,
  );
}

const slot = (inicio: string, restantes: number) => ({
  inicio,
  fin: new Date(Date.parse(inicio) + 30 * 60_000).toISOString(),
  disponible: restantes > 0,
  restantes,
});

describe('the shop page, for orders for later and a busy delay', () => {
  it('a closed shop that takes orders for later says from when, worked out from its hours', async () => {
    abrir(tienda(), MEDIODIA);
    const aviso = await screen.findByRole('region', {
      name: 'Cerrado ahora · puedes programar tu pedido para hoy a partir de las 18:00',
    });
    expect(aviso.textContent).toContain('Fuera del horario de atención (18:00 - 02:00)');
    // Instead of the closed notice, not beside it.
    expect(screen.queryByText('Taquería Lupe está cerrada')).toBeNull();
    expect(screen.queryByText(/Tiempo estimado/)).toBeNull();
  });

  it("the shop's own list takes over when it arrives: a full first slot is skipped", async () => {
    franjas = {
      ahoraMin: null,
      franjas: [slot('2026-11-24T00:00:00.000Z', 0), slot('2026-11-24T00:30:00.000Z', 3)],
    };
    abrir(tienda(), MEDIODIA);
    expect(
      await screen.findByRole('region', {
        name: 'Cerrado ahora · puedes programar tu pedido para hoy a partir de las 18:30',
      }),
    ).toBeTruthy();
    expect(pedidas).toContain(URL_FRANJAS);
  });

  it('says the day: today, or tomorrow when today has no slot left', async () => {
    const horarios = taqueria().horarios.map((h) => ({
      ...h,
      apertura: '08:00:00',
      cierre: '20:00:00',
    }));
    // Monday 06:00: opens today.
    abrir({ ...tienda(), horarios }, new Date('2026-11-23T12:00:00.000Z'));
    expect(
      await screen.findByRole('region', {
        name: 'Cerrado ahora · puedes programar tu pedido para hoy a partir de las 8:00',
      }),
    ).toBeTruthy();
    // Sunday noon: no hours on Sundays; Monday 8:00 is tomorrow.
    cleanup();
    clearQueryCache();
    abrir({ ...tienda(), horarios }, new Date('2026-11-22T18:00:00.000Z'));
    expect(
      await screen.findByRole('region', {
        name: 'Cerrado ahora · puedes programar tu pedido para mañana a partir de las 8:00',
      }),
    ).toBeTruthy();
    // Saturday 21:00 with today only (diasAdelante 0): no slot, the closed notice.
    cleanup();
    clearQueryCache();
    abrir(
      { ...tienda({ programacion: { ...PROGRAMACION, diasAdelante: 0 } }), horarios },
      new Date('2026-11-29T03:00:00.000Z'),
    );
    expect(await screen.findByRole('region', { name: 'Taquería Lupe está cerrada' })).toBeTruthy();
  });

  it('without any slot with room, the closed notice as ever', async () => {
    franjas = { ahoraMin: null, franjas: [slot('2026-11-24T00:00:00.000Z', 0)] };
    abrir(tienda(), MEDIODIA);
    expect(await screen.findByRole('region', { name: 'Taquería Lupe está cerrada' })).toBeTruthy();
    expect(screen.queryByText(/puedes programar/)).toBeNull();
  });

  it('a paused shop that takes orders for later says from when instead of the pause', async () => {
    // Open by its hours at 20:00, paused until 20:30: the first slot leaving 20 minutes is 20:30.
    abrir(tienda({ pausadoHasta: '2026-11-24T02:30:00.000Z' }), NOCHE);
    const aviso = await screen.findByRole('region', {
      name: 'Cerrado ahora · puedes programar tu pedido para hoy a partir de las 20:30',
    });
    expect(aviso.textContent).toContain('La tienda pausó los pedidos hasta las 20:30');
    expect(
      screen.queryByRole('region', { name: 'Taquería Lupe no recibe pedidos por ahora' }),
    ).toBeNull();
  });

  it('a paused shop without scheduling keeps its pause notice', async () => {
    abrir(
      tienda({
        pausadoHasta: '2026-11-24T02:30:00.000Z',
        programacion: { ...PROGRAMACION, activa: false },
      }),
      NOCHE,
    );
    expect(
      screen.getByRole('region', { name: 'Taquería Lupe no recibe pedidos por ahora' }),
    ).toBeTruthy();
    expect(screen.queryByText(/puedes programar/)).toBeNull();
  });

  it('open: "Tiempo estimado" is the preparation time plus the busy delay', async () => {
    abrir(tienda({ demoraMin: 15 }), NOCHE);
    expect(await screen.findByText('Tiempo estimado: 35 min')).toBeTruthy();
    expect(tiempoEstimado(35)).toBe('Tiempo estimado: 35 min');
    expect(screen.queryByText(/está cerrada|puedes programar/)).toBeNull();
    // Nothing is read from the server for it.
    expect(pedidas).toEqual([]);
  });

  it('open with scheduling and no delay: the preparation time alone', async () => {
    abrir(tienda(), NOCHE);
    expect(await screen.findByText('Tiempo estimado: 20 min')).toBeTruthy();
  });

  it('a busy delay shows the estimate without scheduling too; neither, nothing', async () => {
    abrir(tienda({ programacion: { ...PROGRAMACION, activa: false }, demoraMin: 10 }), NOCHE);
    expect(await screen.findByText('Tiempo estimado: 30 min')).toBeTruthy();

    cleanup();
    abrir(tienda({ programacion: { ...PROGRAMACION, activa: false }, demoraMin: 0 }), NOCHE);
    await waitFor(() => expect(screen.getByText(/Pedido mínimo/)).toBeTruthy());
    expect(screen.queryByText(/Tiempo estimado/)).toBeNull();
  });

  it('closed with a busy delay but no scheduling: the closed notice, no estimate', async () => {
    abrir(tienda({ programacion: { ...PROGRAMACION, activa: false }, demoraMin: 10 }), MEDIODIA);
    expect(await screen.findByRole('region', { name: 'Taquería Lupe está cerrada' })).toBeTruthy();
    expect(screen.queryByText(/Tiempo estimado/)).toBeNull();
  });
});
