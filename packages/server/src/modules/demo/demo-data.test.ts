import { describe, expect, it } from 'vitest';
import { startTestServer, useTestServer } from '../../../test/build-test-app.js';
import { isClabeValida } from '@tianguis/domain';
import { DEMO_ACCOUNTS } from './demo-data.service.js';

/** What a newcomer sees on a fresh database: the README's shops and sign-ins. */
describe('demo data', () => {
  const { server } = useTestServer({ config: { demoData: true } });

  it('adds three public shops with products, and one waiting for approval', async () => {
    const res = await server.call<{ usuario: string; categorias: { productos: unknown[] }[] }[]>(
      '/api/tienda/listartiendas',
    );
    expect(res.status).toBe(200);
    expect(res.body.map((t) => t.usuario)).toEqual([
      'taqueria-lupe',
      'panaderia-espiga',
      'abarrotes-chuy',
    ]);
    for (const tienda of res.body) {
      expect(tienda.categorias.flatMap((c) => c.productos).length).toBeGreaterThan(0);
    }
    const publica = await server.call<{ horarios: unknown[]; diasEspeciales: unknown[] }>(
      '/api/tienda/publica/taqueria-lupe',
    );
    expect(publica.body.horarios).toHaveLength(7);
    expect(publica.body.diasEspeciales).toEqual([
      expect.objectContaining({ fecha: '2026-12-25', recurrenteCadaAnio: true }),
    ]);
  });

  it('lets the bakery take orders for later', async () => {
    const publica = await server.call<{ tienda: { programacion: unknown } }>(
      '/api/tienda/publica/panaderia-espiga',
    );
    expect(publica.body.tienda.programacion).toEqual({
      activa: true,
      diasAdelante: 3,
      intervaloMin: 30,
      pedidosPorIntervalo: 4,
      preparacionMin: 30,
    });
    const franjas = await server.call<{ franjas: { restantes: number }[] }>(
      '/api/tienda/franjas/panaderia-espiga',
    );
    // Open every day 07:00–21:00: the next three days alone give 28 slots each.
    expect(franjas.body.franjas.length).toBeGreaterThanOrEqual(3 * 28);
    expect(franjas.body.franjas[0]).toMatchObject({ disponible: true, restantes: 4 });
  });

  it('gives the taquería delivery, payment and option groups on its tacos', async () => {
    const signIn = await server.call<{ token: string }>('/api/login/authenticate', {
      body: DEMO_ACCOUNTS.tienda,
    });
    const res = await server.call<
      {
        usuario: string;
        entrega: unknown;
        pagos: { transferencia: { clabe?: string } | null };
        categorias: { productos: { name: string; grupos: { nombre: string }[] }[] }[];
      }[]
    >('/api/tienda/listartiendas', { token: signIn.body.token });
    const lupe = res.body.find((t) => t.usuario === 'taqueria-lupe')!;
    expect(lupe.entrega).toEqual({ recoger: true, domicilio: true });
    expect(lupe.pagos).toMatchObject({ efectivo: true, terminal: false });
    expect(isClabeValida(lupe.pagos.transferencia!.clabe!)).toBe(true);
    const conGrupos = lupe.categorias
      .flatMap((c) => c.productos)
      .filter((p) => p.grupos.map((g) => g.nombre).join() === 'Tortilla,Extras');
    expect(conGrupos.length).toBeGreaterThanOrEqual(2);
    // The public sees the bank only.
    const publica = await server.call<{ tienda: { pagos: unknown } }>(
      '/api/tienda/publica/taqueria-lupe',
    );
    expect(publica.body.tienda.pagos).toEqual({
      efectivo: true,
      terminal: false,
      transferencia: { banco: 'BBVA' },
    });
    // Delivery priced by colonia: two zones, the nearer one cheaper.
    const zonas = (publica.body.tienda as { zonas?: { nombre: string; costoDeEnvio: number }[] })
      .zonas;
    expect(zonas?.map((z) => [z.nombre, z.costoDeEnvio])).toEqual([
      ['Centro', 25],
      ['La Paz', 40],
    ]);
  });

  it.each(Object.entries(DEMO_ACCOUNTS))('signs in the README %s', async (_role, account) => {
    const res = await server.call<{ token: string }>('/api/login/authenticate', { body: account });
    expect(res.status).toBe(200);
  });

  it('gives the taquería a cook who sees its accepted orders only', async () => {
    const owner = await server.call<{ token: string }>('/api/login/authenticate', {
      body: DEMO_ACCOUNTS.tienda,
    });
    const cook = await server.call<{ token: string }>('/api/login/authenticate', {
      body: DEMO_ACCOUNTS.cocina,
    });
    const claims = JSON.parse(
      Buffer.from(cook.body.token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    const ownerClaims = JSON.parse(
      Buffer.from(owner.body.token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({
      role: 'PERSONAL',
      rol: 'COCINA',
      groupsid: ownerClaims.groupsid,
    });
    const staff = await server.call<{ email: string; estado: string; rol: string }[]>(
      '/api/tienda/personal',
      { token: owner.body.token },
    );
    expect(staff.body).toMatchObject([
      { email: DEMO_ACCOUNTS.cocina.email, estado: 'ACTIVO', rol: 'COCINA' },
    ]);
    const accept = await server.call('/api/pedido/aceptarpedido', {
      token: cook.body.token,
      body: { pedidoId: 1, minutos: 10 },
    });
    expect(accept.status).toBe(403);
  });

  it('lists the shop waiting for approval to the admin', async () => {
    const signIn = await server.call<{ token: string }>('/api/login/authenticate', {
      body: DEMO_ACCOUNTS.admin,
    });
    const res = await server.call<{ usuario: string; approved: boolean }[]>(
      '/api/tienda/listartiendas',
      { token: signIn.body.token },
    );
    expect(res.body.filter((t) => !t.approved).map((t) => t.usuario)).toEqual(['cocina-mary']);
  });

  it('is added only once: a restart on the same database adds nothing', async () => {
    await server.stop();
    const again = await startTestServer({ database: server.database, config: { demoData: true } });
    try {
      const rows = await again.app.database.db.selectFrom('tienda').select('id').execute();
      expect(rows).toHaveLength(4);
    } finally {
      await again.stop();
    }
  });
});
