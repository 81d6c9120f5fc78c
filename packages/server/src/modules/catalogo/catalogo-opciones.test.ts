import { beforeAll, describe, expect, it } from 'vitest';
import { catalogoMessages, grupoOpcionesMessages, type GrupoVista } from '@tianguis/domain';
import { useAdminServer } from '../../../test/build-test-app.js';
import {
  addProducto,
  allProductos,
  createShop,
  expectListShape,
  expectUnchanged,
  expectValidation,
  gruposPayload,
  listFor,
  ok,
  post,
  productoPayload,
  snapshotOpciones,
  type ProductoView,
  type ShopSetup,
  type TiendaView,
} from '../../../test/catalogo-factories.js';
import { TIENDA } from '../../../test/rutas.js';

// docs/api.md, "Product options": addproducto / updateproducto take the whole
// `grupos` list (ids keep, no id is new, left out is deleted), every rule a 400 with its
// message, and public answers hold active options only.

/** A group or option as sent back: the answer's shape with ids, prices in pesos. */
function asInput(grupos: GrupoVista[]) {
  return grupos.map((g) => ({
    id: g.id,
    nombre: g.nombre,
    minimo: g.minimo,
    maximo: g.maximo,
    opciones: g.opciones.map((o) => ({ ...o })),
  }));
}

/** The Extras group with these options instead of its own. */
const extrasCon = (...opciones: Record<string, unknown>[]) => [{ ...gruposPayload()[1], opciones }];

describe('product option groups', () => {
  const { server, adminToken, shop, other } = useAdminServer(async (server, adminToken) => ({
    shop: await createShop(server, { adminToken, tienda: { nombre: 'Tacos Opciones' } }),
    other: await createShop(server, { adminToken, tienda: { nombre: 'Fonda Opciones' } }),
  }));
  let sequence = 0;

  const productoOf = (list: TiendaView[], id: number) =>
    list.flatMap((t) => t.categorias.flatMap((c) => c.productos)).find((p) => p.id === id);

  /** Adds a product with these groups through the API; answers it as the owner sees it. */
  async function addConGrupos(grupos: unknown, s: ShopSetup = shop): Promise<ProductoView> {
    return addProducto(server, s.owner, s.categoria.id, { name: `Taco ${++sequence}`, grupos });
  }

  function update(producto: ProductoView, extra: Record<string, unknown>, s: ShopSetup = shop) {
    return post(server, TIENDA.updateProducto, s.owner.token, {
      ...productoPayload(s.categoria.id, { name: producto.name, price: producto.price }),
      id: producto.id,
      ...extra,
    });
  }

  it('addproducto stores the groups in the owner’s order; every answer carries them', async () => {
    const producto = await addConGrupos(gruposPayload());
    // Each group and option as sent, with its new id; options active unless said otherwise.
    const id = expect.any(Number);
    const opcion = (nombre: string, precioExtra: number) => ({
      id,
      nombre,
      precioExtra,
      activo: true,
    });
    expect(producto.grupos).toEqual([
      {
        id,
        nombre: 'Tortilla',
        minimo: 1,
        maximo: 1,
        opciones: [opcion('Maíz', 0), opcion('Harina', 5)],
      },
      {
        id,
        nombre: 'Extras',
        minimo: 0,
        maximo: 2,
        opciones: [opcion('Queso', 10), opcion('Aguacate', 15.5)],
      },
    ]);
    const rows = await server.app.database.db
      .selectFrom('producto_opcion')
      .select(['nombre', 'precio_extra', 'tienda_id', 'orden'])
      .where('producto_id', '=', producto.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { nombre: 'Maíz', precio_extra: 0, tienda_id: shop.owner.tiendaId, orden: 0 },
      { nombre: 'Harina', precio_extra: 500, tienda_id: shop.owner.tiendaId, orden: 1 },
      { nombre: 'Queso', precio_extra: 1000, tienda_id: shop.owner.tiendaId, orden: 0 },
      { nombre: 'Aguacate', precio_extra: 1550, tienda_id: shop.owner.tiendaId, orden: 1 },
    ]);
    const publicList = await listFor(server);
    expectListShape(publicList);
    expect(productoOf(publicList, producto.id)!.grupos).toEqual(producto.grupos);
    const page = await server.call<{ tienda: TiendaView }>(
      `/api/tienda/publica/${shop.owner.usuario}`,
    );
    expect(productoOf([page.body.tienda], producto.id)!.grupos).toEqual(producto.grupos);
    // A product without groups answers [].
    expect(productoOf(publicList, shop.producto.id)!.grupos).toEqual([]);
  });

  it('updateproducto: ids keep, no id is new, left out is deleted, order is the array’s', async () => {
    const producto = await addConGrupos(gruposPayload());
    const [tortilla, extras] = producto.grupos as [GrupoVista, GrupoVista];
    const [maiz] = tortilla.opciones as [GrupoVista['opciones'][number]];
    const [queso] = extras.opciones as [GrupoVista['opciones'][number]];
    const list = ok(
      await update(producto, {
        grupos: [
          // Extras first now, renamed; Aguacate dropped, Queso kept and dearer, Chile new.
          {
            id: extras.id,
            nombre: 'Extras de la casa',
            minimo: 0,
            maximo: 2,
            opciones: [
              { nombre: 'Chile toreado', precioExtra: 3 },
              { ...queso, precioExtra: 12 },
            ],
          },
          // Tortilla kept with Maíz only; Harina deleted.
          { ...asInput([tortilla])[0], opciones: [maiz] },
          // A new group.
          {
            nombre: 'Salsa',
            minimo: 0,
            maximo: 1,
            opciones: [{ nombre: 'Verde', precioExtra: 0 }],
          },
        ],
      }),
      'updateproducto',
    );
    const grupos = productoOf(list, producto.id)!.grupos;
    expect(grupos).toEqual([
      {
        id: extras.id,
        nombre: 'Extras de la casa',
        minimo: 0,
        maximo: 2,
        opciones: [
          { id: expect.any(Number), nombre: 'Chile toreado', precioExtra: 3, activo: true },
          { id: queso.id, nombre: 'Queso', precioExtra: 12, activo: true },
        ],
      },
      { ...tortilla, opciones: [maiz] },
      {
        id: expect.any(Number),
        nombre: 'Salsa',
        minimo: 0,
        maximo: 1,
        opciones: [{ id: expect.any(Number), nombre: 'Verde', precioExtra: 0, activo: true }],
      },
    ]);
    const ids = await server.app.database.db
      .selectFrom('producto_opcion')
      .select('id')
      .where('producto_id', '=', producto.id)
      .execute();
    expect(ids).toHaveLength(4);

    // Left out keeps them as they are; [] removes them all.
    const kept = ok(await update(producto, {}), 'updateproducto');
    expect(productoOf(kept, producto.id)!.grupos).toEqual(grupos);
    const none = ok(await update(producto, { grupos: [] }), 'updateproducto');
    expect(productoOf(none, producto.id)!.grupos).toEqual([]);
    expect(
      await server.app.database.db
        .selectFrom('producto_grupo')
        .select('id')
        .where('producto_id', '=', producto.id)
        .execute(),
    ).toEqual([]);
  });

  it('public answers hold active options only; the owner and the admin see all', async () => {
    const producto = await addConGrupos([
      {
        nombre: 'Extras',
        minimo: 0,
        maximo: 1,
        opciones: [
          { nombre: 'Queso', precioExtra: 10 },
          { nombre: 'Chorizo', precioExtra: 12, activo: false },
        ],
      },
    ]);
    expect(producto.grupos[0]!.opciones.map((o) => [o.nombre, o.activo])).toEqual([
      ['Queso', true],
      ['Chorizo', false],
    ]);
    const admin = productoOf(await listFor(server, adminToken()), producto.id)!;
    expect(admin.grupos).toEqual(producto.grupos);
    const publico = [
      productoOf(await listFor(server), producto.id)!,
      productoOf(await listFor(server, other.owner.token), producto.id)!,
      productoOf(
        [
          (await server.call<{ tienda: TiendaView }>(`/api/tienda/publica/${shop.owner.usuario}`))
            .body.tienda,
        ],
        producto.id,
      )!,
    ];
    for (const p of publico) {
      expect(p.grupos[0]!.opciones.map((o) => o.nombre)).toEqual(['Queso']);
      expect(JSON.stringify(p)).not.toContain('Chorizo');
    }
  });

  it.each<[string, () => unknown, string]>([
    [
      'minimo above maximo',
      () => [{ ...gruposPayload()[0], minimo: 2, maximo: 1 }],
      grupoOpcionesMessages.minimoMayor('Tortilla'),
    ],
    [
      'maximo above the active options',
      () => [{ ...gruposPayload()[1], maximo: 3 }],
      grupoOpcionesMessages.maximoOpciones('Extras'),
    ],
    [
      'maximo counting an inactive option',
      () =>
        extrasCon(
          { nombre: 'Queso', precioExtra: 10 },
          { nombre: 'Chorizo', precioExtra: 10, activo: false },
        ),
      grupoOpcionesMessages.maximoOpciones('Extras'),
    ],
    [
      'repeated option names',
      () => extrasCon({ nombre: 'Queso', precioExtra: 10 }, { nombre: 'QUESO', precioExtra: 12 }),
      grupoOpcionesMessages.opcionRepetida('Extras', 'QUESO'),
    ],
    [
      '11 groups',
      () => Array.from({ length: 11 }, () => gruposPayload()[1]),
      grupoOpcionesMessages.demasiadosGrupos,
    ],
    [
      'a price with 3 decimals',
      () => [
        { ...gruposPayload()[1], maximo: 1, opciones: [{ nombre: 'Queso', precioExtra: 10.555 }] },
      ],
      grupoOpcionesMessages.precioExtra,
    ],
    [
      '31 options',
      () => [
        {
          ...gruposPayload()[1],
          opciones: Array.from({ length: 31 }, (_, i) => ({ nombre: `Op ${i}`, precioExtra: 1 })),
        },
      ],
      grupoOpcionesMessages.demasiadasOpciones,
    ],
    [
      'a blank group name',
      () => [{ ...gruposPayload()[0], nombre: '  ' }],
      grupoOpcionesMessages.nombre,
    ],
    [
      'a negative minimo',
      () => [{ ...gruposPayload()[1], minimo: -1 }],
      grupoOpcionesMessages.minimo,
    ],
  ])('refuses %s on add and update, changing nothing', async (_label, grupos, message) => {
    const before = await snapshotOpciones(server);
    const added = await expectUnchanged(server, () =>
      post(server, TIENDA.addProducto, shop.owner.token, {
        ...productoPayload(shop.categoria.id, { name: `Rechazado ${++sequence}` }),
        grupos: grupos(),
      }),
    );
    expectValidation(added, message);
    const updated = await expectUnchanged(server, () =>
      update(shop.producto, { grupos: grupos() }),
    );
    expectValidation(updated, message);
    expect(await snapshotOpciones(server)).toEqual(before);
  });

  it('the product’s own rules come before its groups’', async () => {
    const res = await post(server, TIENDA.addProducto, shop.owner.token, {
      ...productoPayload(shop.categoria.id, { name: 'ab' }),
      grupos: [{ ...gruposPayload()[0], minimo: 2, maximo: 1 }],
    });
    expectValidation(
      res,
      'El campo nombre debe tener al menos 3 caracteres y no debe tener campos vacios al inicio',
    );
  });

  describe('ids must be this product’s', () => {
    let mine: ProductoView;
    let sibling: ProductoView;
    let foreign: ProductoView;

    beforeAll(async () => {
      mine = await addConGrupos(gruposPayload());
      sibling = await addConGrupos(gruposPayload());
      foreign = await addConGrupos(gruposPayload(), other);
    });

    const cases: [string, () => unknown][] = [
      [
        'a group of another product of the same shop',
        () => [{ ...asInput(mine.grupos)[0], id: sibling.grupos[0]!.id }],
      ],
      [
        'a group of another shop’s product',
        () => [{ ...asInput(mine.grupos)[0], id: foreign.grupos[0]!.id }],
      ],
      [
        'an option of another product',
        () => [
          {
            ...asInput(mine.grupos)[0],
            opciones: [{ ...sibling.grupos[0]!.opciones[0]! }, mine.grupos[0]!.opciones[1]!],
          },
        ],
      ],
      [
        'an option moved to another group of the same product',
        () => [
          asInput(mine.grupos)[0],
          {
            ...asInput(mine.grupos)[1],
            opciones: [
              ...mine.grupos[1]!.opciones,
              { ...mine.grupos[0]!.opciones[0]!, nombre: 'Otra' },
            ],
          },
        ],
      ],
      [
        'an existing option under a new group',
        () => [{ ...asInput(mine.grupos)[0], id: undefined }],
      ],
      ['the same group twice', () => [asInput(mine.grupos)[0], asInput(mine.grupos)[0]]],
      ['a group id that does not exist', () => [{ ...asInput(mine.grupos)[0], id: 2_000_000_000 }]],
    ];

    it.each(cases)('refuses %s: 400, nothing changes', async (_label, grupos) => {
      const before = await snapshotOpciones(server);
      const res = await expectUnchanged(
        server,
        () => update(mine, { grupos: grupos() }),
        shop.owner,
      );
      expectValidation(res, catalogoMessages.grupoAjeno);
      expect(await snapshotOpciones(server)).toEqual(before);
    });

    it('addproducto takes no ids at all: they name nothing of a new product', async () => {
      const before = await snapshotOpciones(server);
      const res = await expectUnchanged(server, () =>
        post(server, TIENDA.addProducto, shop.owner.token, {
          ...productoPayload(shop.categoria.id, { name: `Con ids ${++sequence}` }),
          grupos: asInput(mine.grupos),
        }),
      );
      expectValidation(res, catalogoMessages.grupoAjeno);
      expect(await snapshotOpciones(server)).toEqual(before);
    });

    it('another owner can’t edit this product’s groups (404)', async () => {
      const res = await expectUnchanged(
        server,
        () => update(mine, { grupos: [] }, other),
        shop.owner,
      );
      expect(res.status).toBe(404);
    });
  });

  it('the owner’s list carries every product’s groups', async () => {
    for (let i = 0; i < 5; i++) await addConGrupos(gruposPayload());
    const list = await listFor(server, shop.owner.token);
    const conGrupos = allProductos(list, shop.owner.tiendaId).filter((p) => p.grupos.length > 0);
    expect(conGrupos.length).toBeGreaterThanOrEqual(5);
  });
});
