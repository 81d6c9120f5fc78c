// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from '../../../entry-server';
import { taqueria } from '#test/tienda-publica/fixtures';

// The server's rendering of a shop that takes orders for later (entry-server.tsx): its time lines
// come in the markup, worked out for the server's `now`, so the page says them before any script
// runs and the hydrating page says the same.

// Monday 2026-11-23 at 12:00 in Mexico City: the taquería opens at 18:00.
const MEDIODIA = Date.UTC(2026, 10, 23, 18, 0);
// The same Monday at 20:00 there: open.
const NOCHE = Date.UTC(2026, 10, 24, 2, 0);

const PROGRAMACION = {
  activa: true,
  diasAdelante: 2,
  intervaloMin: 30,
  pedidosPorIntervalo: null,
  preparacionMin: 25,
};

describe('render (entry-server), orders for later', () => {
  it('a closed shop that takes them says from when, and its products can be added', async () => {
    const { html } = await render({
      url: '/tienda/taqueria-lupe',
      tiendaPublica: taqueria({ programacion: PROGRAMACION, demoraMin: 0 }),
      now: MEDIODIA,
    });
    expect(html).toContain(
      'Cerrado ahora · puedes programar tu pedido para hoy a partir de las 18:00',
    );
    expect(html).not.toContain('está cerrada');
    expect(html).toContain('Agregar Gringa');
    expect(html).not.toContain('Tiempo estimado');
  });

  it('an open one says the estimate with the busy delay', async () => {
    const { html } = await render({
      url: '/tienda/taqueria-lupe',
      tiendaPublica: taqueria({ programacion: PROGRAMACION, demoraMin: 10 }),
      now: NOCHE,
    });
    expect(html).toContain('Tiempo estimado: 35 min');
    expect(html).toContain('Agregar Gringa');
  });

  it('a closed shop that takes none refuses as ever', async () => {
    const { html } = await render({
      url: '/tienda/taqueria-lupe',
      tiendaPublica: taqueria({
        programacion: { ...PROGRAMACION, activa: false },
        demoraMin: 0,
      }),
      now: MEDIODIA,
    });
    expect(html).toContain('está cerrada');
    expect(html).not.toContain('Agregar Gringa');
    expect(html).not.toContain('puedes programar');
  });
});
