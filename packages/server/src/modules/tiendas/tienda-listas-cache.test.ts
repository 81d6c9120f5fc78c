import { describe, expect, it, vi } from 'vitest';
import { useAdminServer } from '../../../test/build-test-app.js';
import {
  activateProducto,
  addProducto,
  CLABE_VALIDA,
  configureTienda,
  createOwner,
  createShop,
  transferenciaPayload,
  type ShopSetup,
  type TiendaView,
} from '../../../test/catalogo-factories.js';
import { createShopper } from '../../../test/factories.js';
import * as service from './tienda.service.js';

// docs/reliability.md, "Limits": an owner's or the admin's `listartiendas` rebuilt the whole marketplace on
// every request (13.4 MB, 0.5 s with 1,000 shops), so any owner could load the server with
// one request a second. The builds are counted here through the service.
vi.mock('./tienda.service.js', async (importOriginal) => {
  const original = await importOriginal<typeof service>();
  return {
    ...original,
    listTiendasFor: vi.fn(original.listTiendasFor),
    listPublicTiendasWithBounds: vi.fn(original.listPublicTiendasWithBounds),
    listAllTiendasWithBounds: vi.fn(original.listAllTiendasWithBounds),
  };
});

const builds = () =>
  vi.mocked(service.listTiendasFor).mock.calls.length +
  vi.mocked(service.listPublicTiendasWithBounds).mock.calls.length +
  vi.mocked(service.listAllTiendasWithBounds).mock.calls.length;

describe('owner and admin lists come from the catalogue cache (docs/reliability.md, "Limits")', () => {
  const { server, adminToken, signedInShopper, shops, owner, unconfigured } = useAdminServer(
    async (server, adminToken) => {
      const shopper = await createShopper(server);
      const shops: ShopSetup[] = [];
      for (let i = 0; i < 6; i += 1) {
        shops.push(
          await createShop(server, {
            adminToken,
            tienda: {
              pagos: { efectivo: true, terminal: false, transferencia: transferenciaPayload() },
            },
          }),
        );
      }
      /** An owner whose shop is public and has transfer details and a hidden product. */
      const owner = shops[2]!.owner;
      const hidden = await addProducto(server, owner, shops[2]!.categoria.id, { name: 'Oculto' });
      await activateProducto(server, owner, hidden.id, false);
      return { signedInShopper: shopper, shops, owner, unconfigured: await createOwner(server) };
    },
  );

  const list = async (token?: string, headers: Record<string, string> = {}) =>
    server.call<TiendaView[]>('/api/tienda/listartiendas', { token, headers });
  const ids = (views: TiendaView[]) => views.map((t) => t.tiendaId);

  it('answers an owner asking again and again without rebuilding the marketplace', async () => {
    await list(); // the anonymous list, as visitors have it cached
    const before = builds();
    const answers = [];
    for (let i = 0; i < 20; i += 1) answers.push(await list(owner.token));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(builds() - before).toBe(0);
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1);
    const etag = answers[0]!.headers.get('etag')!;
    expect((await list(owner.token, { 'if-none-match': etag })).status).toBe(304);
    // Another owner's ETag is its own.
    const other = await list(shops[0]!.owner.token);
    expect(other.headers.get('etag')).not.toBe(etag);
    expect((await list(shops[0]!.owner.token, { 'if-none-match': etag })).status).toBe(200);
    expect((await list(undefined, { 'if-none-match': etag })).status).toBe(200);
  });

  it("answers the owner's list as before: its shop first and whole, the rest as the public sees it", async () => {
    const [anonymous, own, unconfiguredOwn] = await Promise.all([
      list(),
      list(owner.token),
      list(unconfigured.token),
    ]);
    const expected = await service.listTiendasFor(server.app.database.db, {
      role: 'TIENDA',
      tiendaId: owner.tiendaId,
      accountId: owner.id,
    } as Parameters<typeof service.listTiendasFor>[1]);
    expect(own.body).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(ids(own.body)[0]).toBe(owner.tiendaId);
    expect(ids(own.body).filter((id) => id === owner.tiendaId)).toHaveLength(1);
    expect(ids(own.body).slice(1)).toEqual(
      ids(anonymous.body).filter((id) => id !== owner.tiendaId),
    );
    // Its own transfer details whole; every other shop's redacted.
    expect(own.body[0]!.pagos.transferencia).toMatchObject({ clabe: CLABE_VALIDA });
    expect(own.body[0]!.categorias.flatMap((c) => c.productos).map((p) => p.name)).toContain(
      'Oculto',
    );
    for (const t of own.body.slice(1)) expect(JSON.stringify(t.pagos)).not.toContain(CLABE_VALIDA);
    for (const t of anonymous.body) expect(JSON.stringify(t)).not.toContain(CLABE_VALIDA);
    expect(JSON.stringify(anonymous.body)).not.toContain('Oculto');
    // A shop not yet public comes first too.
    expect(ids(unconfiguredOwn.body)).toEqual([unconfigured.tiendaId, ...ids(anonymous.body)]);
  });

  it("caches the admin's list by catalogue version, with every shop's details whole", async () => {
    await list(adminToken());
    const before = builds();
    for (let i = 0; i < 10; i += 1) expect((await list(adminToken())).status).toBe(200);
    expect(builds() - before).toBe(0);
    const admin = await list(adminToken());
    const expected = await service.listTiendasFor(server.app.database.db, {
      role: 'ADMIN',
      tiendaId: 0,
      accountId: 0,
    } as Parameters<typeof service.listTiendasFor>[1]);
    expect(admin.body).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(ids(admin.body)).toContain(unconfigured.tiendaId);
    expect(admin.body.filter((t) => t.pagos.transferencia?.clabe === CLABE_VALIDA)).toHaveLength(6);
    // A shopper still gets the anonymous list, from the same entry.
    const shopper = await list(signedInShopper.token);
    expect(shopper.body).toEqual((await list()).body);
    expect(shopper.headers.get('etag')).toBe((await list()).headers.get('etag'));
  });

  it("follows a change of the owner's shop at once, for the owner, the admin and the public", async () => {
    const before = await list(owner.token);
    await configureTienda(server, owner, { nombre: 'Fonda Renovada' });
    const [own, admin, anonymous] = await Promise.all([
      list(owner.token),
      list(adminToken()),
      list(),
    ]);
    expect(own.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(own.body[0]!.nombre).toBe('Fonda Renovada');
    expect(admin.body.find((t) => t.tiendaId === owner.tiendaId)?.nombre).toBe('Fonda Renovada');
    expect(anonymous.body.find((t) => t.tiendaId === owner.tiendaId)?.nombre).toBe(
      'Fonda Renovada',
    );
  });

  it('turns a sold-out mark off when it ends, hidden products of the owner included', async () => {
    const db = server.app.database.db;
    const hidden = (await list(owner.token)).body[0]!.categorias.flatMap((c) => c.productos).find(
      (p) => p.name === 'Oculto',
    )!;
    const hasta = new Date(Date.now() + 1500).toISOString();
    await db
      .updateTable('producto')
      .set({ agotado_hasta: hasta })
      .where('id', '=', hidden.id)
      .execute();
    // What a write does: the shop's version moves.
    await db
      .updateTable('tienda')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', owner.tiendaId)
      .execute();
    const agotadoOf = async (token?: string) =>
      (await list(token)).body
        .flatMap((t) => t.categorias.flatMap((c) => c.productos))
        .find((p) => p.id === hidden.id)?.agotado;
    expect(await agotadoOf(owner.token)).toBe(true);
    expect(await agotadoOf(adminToken())).toBe(true);
    await new Promise((r) => setTimeout(r, 1700));
    expect(await agotadoOf(owner.token)).toBe(false);
    expect(await agotadoOf(adminToken())).toBe(false);
  });
});
