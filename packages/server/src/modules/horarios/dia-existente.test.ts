import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { useTestServer } from '../../../test/build-test-app.js';
import {
  createOwner,
  expectError,
  ok,
  post,
  type DiaEspecialView,
  type Owner,
} from '../../../test/catalogo-factories.js';
import { HORARIO } from '../../../test/rutas.js';
import { TEXTOS_HORARIO } from '../../../test/textos.js';
import { createDatabaseAt } from '../../../test/migration-factories.js';

// A special day that is already set is 400 DIA_EXISTENTE (docs/api.md, "Días especiales
// repetidos"): on add, on update, and when several saves of one date arrive at once.

describe('DIA_EXISTENTE: one special day per date and shop', () => {
  const { server } = useTestServer();

  const dias = async (owner: Owner) =>
    ok(await server.call<DiaEspecialView[]>(HORARIO.diasOf(owner.tiendaId)), 'getbytienda');
  const add = (owner: Owner, fecha: string, recurrenteCadaAnio = false) =>
    post(server, HORARIO.addDia, owner.token, { fecha, recurrenteCadaAnio });

  const expectDiaExistente = (res: Awaited<ReturnType<typeof add>>) => {
    expectError(res, 400, 'DIA_EXISTENTE', TEXTOS_HORARIO.yaRegistrado);
    // Named by field, so the form can show it beside the date.
    expect((res.body as { errors?: unknown }).errors).toEqual([
      { field: 'fecha', message: TEXTOS_HORARIO.yaRegistrado },
    ]);
  };

  it('adding a date the shop already has: 400 DIA_EXISTENTE, the list unchanged', async () => {
    const owner = await createOwner(server);
    ok(await add(owner, '2031-12-25', true), 'add');
    const before = await dias(owner);
    // Yearly or not, the date is the same day.
    expectDiaExistente(await add(owner, '2031-12-25'));
    expectDiaExistente(await add(owner, '2031-12-25', true));
    expect(await dias(owner)).toEqual(before);
  });

  it('another shop may close on the same date; another date is fine', async () => {
    const a = await createOwner(server);
    const b = await createOwner(server);
    ok(await add(a, '2032-01-01'), 'add a');
    ok(await add(b, '2032-01-01'), 'add b');
    ok(await add(a, '2032-01-02'), 'add a 2');
    expect((await dias(a)).map((d) => d.fecha)).toEqual(['2032-01-01', '2032-01-02']);
    expect((await dias(b)).map((d) => d.fecha)).toEqual(['2032-01-01']);
  });

  it('moving a day onto another of its dates: DIA_EXISTENTE; keeping its own date is fine', async () => {
    const owner = await createOwner(server);
    ok(await add(owner, '2033-05-01'), 'add');
    const list = ok(await add(owner, '2033-05-05'), 'add 2') as DiaEspecialView[];
    const mayo5 = list.find((d) => d.fecha === '2033-05-05')!;
    const before = await dias(owner);
    expectDiaExistente(
      await post(server, HORARIO.updateDia(mayo5.id), owner.token, {
        fecha: '2033-05-01',
        recurrenteCadaAnio: false,
      }),
    );
    expect(await dias(owner)).toEqual(before);
    const same = ok(
      await post(server, HORARIO.updateDia(mayo5.id), owner.token, {
        fecha: '2033-05-05',
        recurrenteCadaAnio: true,
      }),
      'update',
    ) as DiaEspecialView[];
    expect(same.find((d) => d.id === mayo5.id)?.recurrenteCadaAnio).toBe(true);
  });

  it('the same date saved many times at once: one day kept, every other answer DIA_EXISTENTE', async () => {
    const owner = await createOwner(server);
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(owner, '2034-09-16')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    for (const res of answers.filter((r) => r.status !== 200)) expectDiaExistente(res);
    expect((await dias(owner)).map((d) => d.fecha)).toEqual(['2034-09-16']);
  });
});

describe('the migration that makes special days unique, on a database holding duplicates', () => {
  it('keeps the oldest row of each (shop, date), yearly when any copy was, and then refuses copies', async () => {
    // Rows written before the index: as the version before it left them.
    const { database, handle, db } = await createDatabaseAt('2026_11_25_1400_imagenes');
    try {
      const now = '2026-11-20T18:00:00.000Z';
      const insert = async (table: string, values: Record<string, unknown>) =>
        (await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow())
          .id as number;
      const tienda = async (n: number) =>
        insert('tienda', {
          account_id: await insert('account', {
            email: `duena${n}@correo.com`,
            password_hash: 'x',
            usuario: `fonda${n}`,
            role: 'TIENDA',
            celular: `551111000${n}`,
            created_at: now,
          }),
          usuario: `fonda${n}`,
          created_at: now,
          updated_at: now,
        });
      const t1 = await tienda(1);
      const t2 = await tienda(2);
      const dia = (tiendaId: number, fecha: string, recurrente: number) =>
        insert('dia_especial', {
          tienda_id: tiendaId,
          fecha,
          recurrente_cada_anio: recurrente,
          created_at: now,
        });
      const navidad = await dia(t1, '2026-12-25', 0);
      await dia(t1, '2026-12-25', 1);
      await dia(t1, '2026-12-25', 0);
      const anioNuevo = await dia(t1, '2027-01-01', 0);
      await dia(t1, '2027-01-01', 0);
      const otra = await dia(t2, '2026-12-25', 0);

      await migrateToLatest(handle.db);

      const rows = await db
        .selectFrom('dia_especial')
        .select(['id', 'tienda_id', 'fecha', 'recurrente_cada_anio'])
        .orderBy('id')
        .execute();
      expect(
        rows.map((r) => ({ ...r, recurrente_cada_anio: Number(r.recurrente_cada_anio) })),
      ).toEqual([
        { id: navidad, tienda_id: t1, fecha: '2026-12-25', recurrente_cada_anio: 1 },
        { id: anioNuevo, tienda_id: t1, fecha: '2027-01-01', recurrente_cada_anio: 0 },
        { id: otra, tienda_id: t2, fecha: '2026-12-25', recurrente_cada_anio: 0 },
      ]);
      await expect(dia(t1, '2027-01-01', 1)).rejects.toThrow();
    } finally {
      await handle.db.destroy();
      await database.drop();
    }
  });
});
