import {
  catalogoMessages,
  DESCRIPCION_MAX,
  DETALLE_MAX,
  grupoOpcionesMessages,
  NOMBRE_OPCION_MAX,
  PRICE_INPUT_MAX,
  PRODUCTO_NOMBRE_MAX,
} from '@tianguis/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { categoriaDePrueba, productoDePrueba } from '#test/mi-tienda/fixtures';
import {
  CatalogoProductoForm,
  CONFIRMAR_ELIMINAR_PRODUCTO,
  PRODUCTO_DESACTIVADO,
  PRODUCTO_DESACTIVADO_AVISO,
} from './catalogo-producto-form';
import {
  decideProductoSave,
  type ProductoFormValues,
  type ProductoSave,
} from './catalogo-producto-save';
import type { ProductoDeTienda } from './catalogo-productos';

const valid: ProductoFormValues = {
  name: '  Taco de pastor ',
  descripcion: 'Con piña',
  detalle: 'Tortilla de maíz',
  precio: '19.90',
  categoriaId: '7',
  imageUrl: '/images/taco.jpg',
  activo: true,
  grupos: [],
  enviarGrupos: false,
};

describe('decideProductoSave', () => {
  it('sends only the deactivation for an existing product switched off, whatever the fields hold', () => {
    const decision = decideProductoSave(
      { ...valid, name: '', precio: '', activo: false },
      { productoId: 42, tiendaId: 3 },
    );
    expect(decision).toEqual({ ok: true, save: { kind: 'deactivate', productoId: 42 } });
  });

  it('updates an existing product that is on, trimmed, price in pesos, switched on', () => {
    expect(decideProductoSave(valid, { productoId: 42, tiendaId: 3 })).toEqual({
      ok: true,
      save: {
        kind: 'update',
        body: {
          id: 42,
          name: 'Taco de pastor',
          descripcion: 'Con piña',
          detalle: 'Tortilla de maíz',
          price: 19.9,
          categoriaId: 7,
          imageUrl: '/images/taco.jpg',
          activarODesactivar: true,
        },
      },
    });
  });

  it('adds a new product with the shop id (the switch plays no part)', () => {
    const decision = decideProductoSave({ ...valid, activo: false }, { tiendaId: 3 });
    expect(decision.ok && decision.save.kind).toBe('add');
    expect(decision.ok && decision.save.kind === 'add' && decision.save.body.tiendaId).toBe(3);
  });

  it('answers the first broken rule in the form order, with its field', () => {
    expect(decideProductoSave({ ...valid, name: 'ab', precio: '' }, { tiendaId: 3 })).toEqual({
      ok: false,
      field: 'name',
      message: catalogoMessages.productoNombreMin,
    });
    expect(decideProductoSave({ ...valid, precio: '12.' }, { tiendaId: 3 })).toEqual({
      ok: false,
      field: 'precio',
      message: 'Para el campo precio, agregue decimales o elimine el punto.',
    });
    expect(decideProductoSave({ ...valid, categoriaId: '' }, { tiendaId: 3 })).toEqual({
      ok: false,
      field: 'categoriaId',
      message: 'Seleccione una categoria',
    });
    expect(decideProductoSave({ ...valid, imageUrl: '' }, { tiendaId: 3 })).toEqual({
      ok: false,
      field: 'imageUrl',
      message: 'Debe agregar una imagen',
    });
  });
});

const categorias = [
  categoriaDePrueba({ id: 7, title: 'Tacos' }),
  categoriaDePrueba({ id: 8, title: 'Bebidas' }),
];

function setup(producto?: ProductoDeTienda, defaultCategoriaId?: number) {
  const saves: ProductoSave[] = [];
  const calls = { deleted: 0, cancelled: 0, uploads: 0 };
  const user = userEvent.setup({ applyAccept: false });
  render(
    <CatalogoProductoForm
      producto={producto}
      categorias={categorias}
      tiendaId={3}
      defaultCategoriaId={defaultCategoriaId}
      onSave={async (save) => {
        saves.push(save);
      }}
      onDelete={async () => {
        calls.deleted++;
      }}
      onCancel={() => calls.cancelled++}
      upload={async (file) => {
        calls.uploads++;
        return `/images/${file.name}`;
      }}
    />,
  );
  return { user, saves, calls };
}

const existente = () =>
  productoDePrueba({
    id: 42,
    name: 'Taco de pastor',
    price: 19.9,
    categoriaId: 7,
    imageUrl: '/images/taco.jpg',
  });

describe('the product form', () => {
  it('stops each field at the server’s limit, the domain’s constants', async () => {
    const { user } = setup();
    const limites: [string, number][] = [
      ['Nombre', PRODUCTO_NOMBRE_MAX],
      ['Descripción', DESCRIPCION_MAX],
      ['Detalle', DETALLE_MAX],
      ['Precio (pesos)', PRICE_INPUT_MAX],
    ];
    for (const [label, max] of limites) {
      expect({ label, maxLength: screen.getByLabelText(label).getAttribute('maxlength') }).toEqual({
        label,
        maxLength: String(max),
      });
    }
    const nombre = screen.getByLabelText('Nombre') as HTMLInputElement;
    await user.click(nombre);
    await user.paste('x'.repeat(PRODUCTO_NOMBRE_MAX + 20));
    expect(nombre.value).toHaveLength(PRODUCTO_NOMBRE_MAX);
    // The option names too (a group and each of its options).
    await user.click(screen.getByRole('button', { name: 'Agregar grupo de opciones' }));
    for (const campo of [
      screen.getByLabelText('Nombre del grupo'),
      ...screen.queryAllByLabelText('Nombre de la opción'),
    ]) {
      expect(campo.getAttribute('maxlength')).toBe(String(NOMBRE_OPCION_MAX));
    }
  });

  it('has no ON/OFF switch and no Eliminar when adding', () => {
    setup();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });

  it('adds a product after the image is uploaded and every field is filled', async () => {
    const { user, saves } = setup(undefined, 8);
    await user.type(screen.getByLabelText('Nombre'), 'Agua de jamaica');
    await user.type(screen.getByLabelText('Descripción'), 'Natural');
    await user.type(screen.getByLabelText('Detalle'), 'Medio litro');
    await user.type(screen.getByLabelText('Precio (pesos)'), '25.5');
    expect((screen.getByLabelText('Categoría') as HTMLSelectElement).value).toBe('8');
    const file = new File(['x'], 'jamaica.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Imagen'), file);
    expect(screen.getByAltText('Vista previa de la imagen').getAttribute('src')).toBe(
      '/images/jamaica.png',
    );
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(saves).toEqual([
      {
        kind: 'add',
        body: {
          name: 'Agua de jamaica',
          descripcion: 'Natural',
          detalle: 'Medio litro',
          price: 25.5,
          categoriaId: 8,
          imageUrl: '/images/jamaica.png',
          tiendaId: 3,
          grupos: [],
        },
      },
    ]);
  });

  it('shows the first broken rule beside its field and saves nothing', async () => {
    const { user, saves } = setup();
    await user.type(screen.getByLabelText('Nombre'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('alert').textContent).toBe(catalogoMessages.productoNombreMin);
    expect(screen.getByLabelText('Nombre')).toHaveProperty('ariaInvalid', 'true');
    expect(saves).toEqual([]);
  });

  it('warns when switched off and then sends only the deactivation', async () => {
    const { user, saves } = setup(existente());
    const toggle = screen.getByRole('switch', { name: 'Producto activo' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByText(PRODUCTO_DESACTIVADO)).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.textContent).toBe('OFF');
    expect(screen.getByText('Producto Desactivado')).toBeTruthy();
    expect(
      screen.getByText('Si deshabilitas este producto, nadie podra comprar o ver el producto'),
    ).toBeTruthy();
    expect(PRODUCTO_DESACTIVADO_AVISO).toBe(
      'Si deshabilitas este producto, nadie podra comprar o ver el producto',
    );

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(saves).toEqual([{ kind: 'deactivate', productoId: 42 }]);
  });

  it('switched back on, saves the whole product and turns it on', async () => {
    const { user, saves } = setup({ ...existente(), activarODesactivar: false });
    expect(screen.getByText(PRODUCTO_DESACTIVADO)).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Producto activo' }));
    expect(screen.queryByText(PRODUCTO_DESACTIVADO)).toBeNull();
    const precio = screen.getByLabelText('Precio (pesos)') as HTMLInputElement;
    expect(precio.value).toBe('19.9');
    await user.clear(precio);
    await user.type(precio, '21');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(saves).toHaveLength(1);
    const save = saves[0];
    expect(save?.kind === 'update' && save.body).toMatchObject({
      id: 42,
      price: 21,
      activarODesactivar: true,
    });
  });

  it('asks before deleting, and Cancelar keeps the product', async () => {
    const { user, calls } = setup(existente());
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = screen.getByRole('dialog', { name: CONFIRMAR_ELIMINAR_PRODUCTO });
    expect(CONFIRMAR_ELIMINAR_PRODUCTO).toBe('Desea eliminar este producto?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.deleted).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(calls.deleted).toBe(1);
  });

  it('clears the image field when the file type is not allowed, uploading nothing', async () => {
    const { user, calls } = setup();
    const input = screen.getByLabelText('Imagen') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'menu.pdf', { type: 'application/pdf' }));
    expect(input.value).toBe('');
    expect(calls.uploads).toBe(0);
    expect(screen.queryByAltText('Vista previa de la imagen')).toBeNull();
  });
});

/** The form filled with a valid product; answers the helpers the options tests need. */
async function setupConProducto(producto?: ProductoDeTienda) {
  const ctx = setup(producto ?? existente());
  const grupo = (n: number) => screen.getByRole('group', { name: new RegExp(`^Grupo ${n}`) });
  return { ...ctx, grupo };
}

describe('the options editor', () => {
  it('adds groups and options, reorders and removes them, and sends the whole list', async () => {
    const { user, saves, grupo } = await setupConProducto();
    expect(screen.getByText('Este producto no tiene opciones.')).toBeTruthy();
    expect(screen.getByText('Precio: $ 19.90')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Agregar grupo de opciones' }));
    // The new group's name has the focus.
    expect(document.activeElement).toBe(within(grupo(1)).getByLabelText('Nombre del grupo'));
    await user.keyboard('Tortilla');
    // A new group is already required and single choice: nothing to set for the tortilla.
    await user.type(within(grupo(1)).getByLabelText('Nombre de la opción'), 'Maíz');
    await user.click(within(grupo(1)).getByRole('button', { name: 'Agregar opción a Tortilla' }));
    expect(document.activeElement).toBe(
      within(grupo(1)).getAllByLabelText('Nombre de la opción')[1],
    );
    await user.keyboard('Harina');
    await user.type(within(grupo(1)).getAllByLabelText('Precio extra (pesos)')[1]!, '5');

    await user.click(screen.getByRole('button', { name: 'Agregar grupo de opciones' }));
    await user.keyboard('Extras');
    await user.click(within(grupo(2)).getByRole('switch', { name: 'Obligatorio' }));
    await user.click(within(grupo(2)).getByRole('radio', { name: 'Varias, hasta un límite' }));
    expect(within(grupo(2)).getByLabelText('¿Hasta cuántas?')).toHaveProperty('value', '2');
    await user.type(within(grupo(2)).getByLabelText('Nombre de la opción'), 'Queso');
    await user.type(within(grupo(2)).getByLabelText('Precio extra (pesos)'), '10');
    await user.click(within(grupo(2)).getByRole('button', { name: 'Agregar opción a Extras' }));
    await user.keyboard('Aguacate');
    await user.type(within(grupo(2)).getAllByLabelText('Precio extra (pesos)')[1]!, '15,5');
    await user.click(within(grupo(2)).getByRole('button', { name: 'Agregar opción a Extras' }));
    await user.keyboard('Cebolla');
    // Live price: maíz is the cheapest required choice; harina, queso and aguacate the dearest.
    expect(screen.getByText('Desde $ 19.90 · con opciones hasta $ 50.40')).toBeTruthy();

    // Reorder: Aguacate up, then the Extras group above Tortilla; focus follows the moved item.
    const subirAguacate = within(grupo(2)).getByRole('button', { name: 'Subir opción Aguacate' });
    await user.click(subirAguacate);
    // First now: its up button is disabled, so the down one keeps the focus on the moved item.
    expect(subirAguacate).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(
      within(grupo(2)).getByRole('button', { name: 'Bajar opción Aguacate' }),
    );
    await user.click(within(grupo(2)).getByRole('button', { name: 'Subir grupo Extras' }));
    expect(grupo(1).querySelector('legend')?.textContent).toBe('Grupo 1: Extras');
    expect(
      (screen.getByRole('button', { name: 'Subir grupo Extras' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // Focus stays on the moved group (its up button is now disabled: the down one has it).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bajar grupo Extras' }));

    await user.click(within(grupo(1)).getByRole('checkbox', { name: 'Activa: Cebolla' }));
    await user.click(within(grupo(2)).getByRole('button', { name: 'Quitar opción Maíz' }));
    // Harina is now the only choice of a required group: the least price includes it.
    expect(screen.getByText('Desde $ 24.90 · con opciones hasta $ 50.40')).toBeTruthy();
    expect(document.activeElement).toBe(within(grupo(2)).getByLabelText('Nombre de la opción'));

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(saves).toHaveLength(1);
    const save = saves[0];
    expect(save?.kind === 'update' && save.body.grupos).toEqual([
      {
        nombre: 'Extras',
        minimo: 0,
        maximo: 2,
        opciones: [
          { nombre: 'Aguacate', precioExtra: 15.5, activo: true },
          { nombre: 'Queso', precioExtra: 10, activo: true },
          { nombre: 'Cebolla', precioExtra: 0, activo: false },
        ],
      },
      {
        nombre: 'Tortilla',
        minimo: 1,
        maximo: 1,
        opciones: [{ nombre: 'Harina', precioExtra: 5, activo: true }],
      },
    ]);
  });

  it('keeps stored ids, and removing a whole group leaves it out', async () => {
    const tortilla = {
      id: 5,
      nombre: 'Tortilla',
      minimo: 1,
      maximo: 1,
      opciones: [
        { id: 51, nombre: 'Maíz', precioExtra: 0, activo: true },
        { id: 52, nombre: 'Harina', precioExtra: 5, activo: true },
      ],
    };
    const { user, saves } = await setupConProducto({
      ...existente(),
      grupos: [
        tortilla,
        {
          id: 6,
          nombre: 'Salsa',
          minimo: 0,
          maximo: 1,
          opciones: [{ id: 61, nombre: 'Verde', precioExtra: 0, activo: true }],
        },
      ],
    });
    expect(screen.getByText('Desde $ 19.90 · con opciones hasta $ 24.90')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Quitar grupo Salsa' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const save = saves[0];
    expect(save?.kind === 'update' && save.body.grupos).toEqual([tortilla]);
  });

  it('refuses a broken rule with the domain message beside its group, and sends nothing', async () => {
    const { user, saves, grupo } = await setupConProducto();
    await user.click(screen.getByRole('button', { name: 'Agregar grupo de opciones' }));
    await user.keyboard('Extras');
    await user.click(within(grupo(1)).getByRole('radio', { name: 'Varias, hasta un límite' }));
    const cuantas = within(grupo(1)).getByLabelText('¿Hasta cuántas?');
    await user.clear(cuantas);
    await user.type(cuantas, '3');
    await user.type(within(grupo(1)).getByLabelText('Nombre de la opción'), 'Queso');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(saves).toEqual([]);
    expect(within(grupo(1)).getByRole('alert').textContent).toBe(
      grupoOpcionesMessages.maximoOpciones('Extras'),
    );
    // The maximo is the number typed for "hasta": that field is marked and has the focus.
    expect(document.activeElement).toBe(cuantas);
    expect(cuantas).toHaveProperty('ariaInvalid', 'true');
    await user.click(within(grupo(1)).getByRole('radio', { name: 'Solo una' }));
    await user.clear(within(grupo(1)).getByLabelText('Nombre de la opción'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(within(grupo(1)).getByRole('alert').textContent).toBe(grupoOpcionesMessages.nombre);
    expect(document.activeElement).toBe(within(grupo(1)).getByLabelText('Nombre de la opción'));
    expect(saves).toEqual([]);
  });

  it('leaves `grupos` out for a product whose answer carried none, unless some are added', () => {
    const decision = decideProductoSave(
      { ...valid, grupos: [], enviarGrupos: false },
      { productoId: 42, tiendaId: 3 },
    );
    expect(decision.ok && decision.save.kind === 'update' && 'grupos' in decision.save.body).toBe(
      false,
    );
    const vacio = decideProductoSave(
      { ...valid, enviarGrupos: true },
      { productoId: 42, tiendaId: 3 },
    );
    expect(vacio.ok && vacio.save.kind === 'update' && vacio.save.body.grupos).toEqual([]);
  });
});

describe('a group’s rule: Obligatorio, ¿Cuántas puede elegir? and the preview', () => {
  /** The form with one new group named `nombre` (options as given, extras in pesos). */
  async function conGrupoNuevo(nombre: string, opciones: [string, string][] = [['Maíz', '']]) {
    const ctx = await setupConProducto();
    await ctx.user.click(screen.getByRole('button', { name: 'Agregar grupo de opciones' }));
    await ctx.user.keyboard(nombre);
    const g = ctx.grupo(1);
    for (const [i, [opcion, extra]] of opciones.entries()) {
      if (i > 0)
        await ctx.user.click(within(g).getByRole('button', { name: `Agregar opción a ${nombre}` }));
      await ctx.user.type(within(g).getAllByLabelText('Nombre de la opción')[i]!, opcion);
      if (extra)
        await ctx.user.type(within(g).getAllByLabelText('Precio extra (pesos)')[i]!, extra);
    }
    const vista = () => within(g).getByRole('region', { name: 'Así lo verá tu cliente' });
    const regla = () => vista().querySelector('legend span')?.textContent;
    const guardado = async () => {
      await ctx.user.click(screen.getByRole('button', { name: 'Guardar' }));
      const save = ctx.saves.at(-1);
      return save?.kind === 'update' ? save.body.grupos?.[0] : undefined;
    };
    return { ...ctx, g, vista, regla, guardado };
  }

  it('starts a new group required and single choice, with no numbers to type', async () => {
    const { g, vista, regla, guardado } = await conGrupoNuevo('Tortilla');
    const obligatorio = within(g).getByRole('switch', { name: 'Obligatorio' });
    expect(obligatorio.getAttribute('aria-checked')).toBe('true');
    expect(obligatorio.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(g).getByText('Tu cliente debe elegir antes de agregar el producto.'),
    ).toBeTruthy();
    expect(within(g).getByRole('radio', { name: 'Solo una' })).toHaveProperty('checked', true);
    expect(within(g).queryByLabelText('Mínimo')).toBeNull();
    expect(within(g).queryByLabelText('Máximo')).toBeNull();
    // The customer sees the name, 'Elige 1' and the Obligatorio mark, with no 'Ninguna'.
    expect(within(vista()).getByRole('group', { name: /^Tortilla/ })).toBeTruthy();
    expect(regla()).toBe('Elige 1');
    expect(within(vista()).getByText('Obligatorio')).toBeTruthy();
    expect(within(vista()).getByRole('radio', { name: 'Maíz' })).toBeTruthy();
    expect(within(vista()).queryByRole('radio', { name: 'Ninguna' })).toBeNull();
    expect(await guardado()).toMatchObject({ nombre: 'Tortilla', minimo: 1, maximo: 1 });
  });

  it('switched off, the same single choice is optional: minimo 0 and a “Ninguna” choice', async () => {
    const { user, g, vista, regla, guardado } = await conGrupoNuevo('Salsa', [
      ['Verde', ''],
      ['Roja', ''],
    ]);
    const obligatorio = within(g).getByRole('switch', { name: 'Obligatorio' });
    await user.click(obligatorio);
    expect(obligatorio.getAttribute('aria-checked')).toBe('false');
    expect(within(g).getByText('Tu cliente puede dejarlo sin elegir.')).toBeTruthy();
    expect(within(g).getByRole('radio', { name: 'Solo una' })).toHaveProperty('checked', true);
    expect(regla()).toBe('Elige hasta 1');
    expect(within(vista()).queryByText('Obligatorio')).toBeNull();
    expect(within(vista()).getByRole('radio', { name: 'Ninguna' })).toBeTruthy();
    expect(await guardado()).toMatchObject({ minimo: 0, maximo: 1 });
  });

  it('maps each choice onto minimo and maximo, the switch included', async () => {
    const { user, g, regla, guardado } = await conGrupoNuevo('Salsas', [
      ['Verde', ''],
      ['Roja', ''],
      ['Habanero', ''],
    ]);
    const obligatorio = within(g).getByRole('switch', { name: 'Obligatorio' });

    // Hasta N: N starts at 2; required means "from 1 to N", optional "up to N".
    await user.click(within(g).getByRole('radio', { name: 'Varias, hasta un límite' }));
    const hasta = within(g).getByLabelText('¿Hasta cuántas?');
    expect(hasta).toHaveProperty('value', '2');
    expect(regla()).toBe('Elige de 1 a 2');
    expect(await guardado()).toMatchObject({ minimo: 1, maximo: 2 });
    await user.click(obligatorio);
    expect(regla()).toBe('Elige hasta 2');
    await user.clear(hasta);
    await user.type(hasta, '3');
    expect(regla()).toBe('Elige hasta 3');
    expect(await guardado()).toMatchObject({ minimo: 0, maximo: 3 });

    // Exactamente N keeps N and is always required: the switch turns on by itself.
    await user.click(within(g).getByRole('radio', { name: 'Un número exacto' }));
    expect(obligatorio.getAttribute('aria-checked')).toBe('true');
    const exacto = within(g).getByLabelText('¿Cuántas exactamente?');
    expect(exacto).toHaveProperty('value', '3');
    await user.clear(exacto);
    await user.type(exacto, '2');
    expect(regla()).toBe('Elige 2');
    expect(await guardado()).toMatchObject({ minimo: 2, maximo: 2 });
    // Switched off, an exact count can't stay: it becomes "hasta" the same N.
    await user.click(obligatorio);
    expect(within(g).getByRole('radio', { name: 'Varias, hasta un límite' })).toHaveProperty(
      'checked',
      true,
    );
    expect(regla()).toBe('Elige hasta 2');

    // Back to Solo una, still optional.
    await user.click(within(g).getByRole('radio', { name: 'Solo una' }));
    expect(within(g).queryByLabelText('¿Hasta cuántas?')).toBeNull();
    expect(await guardado()).toMatchObject({ minimo: 0, maximo: 1 });
  });

  it('keeps the numbers under “Otra regla” for the rest, the switch following the minimo', async () => {
    const { user, g, vista, regla, guardado } = await conGrupoNuevo('Toppings', [
      ['Nuez', ''],
      ['Fresa', ''],
      ['Mango', ''],
    ]);
    await user.click(within(g).getByRole('radio', { name: 'Otra regla (mínimo y máximo)' }));
    const minimo = within(g).getByLabelText('Mínimo');
    const maximo = within(g).getByLabelText('Máximo');
    expect(minimo).toHaveProperty('value', '1');
    expect(maximo).toHaveProperty('value', '1');
    await user.clear(maximo);
    await user.type(maximo, '3');
    await user.clear(minimo);
    await user.type(minimo, '2');
    expect(regla()).toBe('Elige de 2 a 3');
    expect(within(g).getByRole('radio', { name: 'Otra regla (mínimo y máximo)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(await guardado()).toMatchObject({ minimo: 2, maximo: 3 });
    await user.clear(minimo);
    await user.type(minimo, '0');
    expect(
      within(g).getByRole('switch', { name: 'Obligatorio' }).getAttribute('aria-checked'),
    ).toBe('false');
    // A minimo above the maximo has no customer view: the preview says what to fix.
    await user.clear(minimo);
    await user.type(minimo, '5');
    expect(
      within(vista()).getByText('Escribe un mínimo que no pase del máximo para ver cómo queda.'),
    ).toBeTruthy();
  });

  it('opens a stored group on the choice its numbers mean', async () => {
    const opcion = (id: number, nombre: string) => ({ id, nombre, precioExtra: 0, activo: true });
    const { grupo } = await setupConProducto({
      ...existente(),
      grupos: [
        { id: 1, nombre: 'Tortilla', minimo: 1, maximo: 1, opciones: [opcion(11, 'Maíz')] },
        {
          id: 2,
          nombre: 'Extras',
          minimo: 0,
          maximo: 2,
          opciones: [opcion(21, 'Queso'), opcion(22, 'Frijoles')],
        },
        {
          id: 3,
          nombre: 'Salsas',
          minimo: 2,
          maximo: 2,
          opciones: [opcion(31, 'Verde'), opcion(32, 'Roja')],
        },
        {
          id: 4,
          nombre: 'Frutas',
          minimo: 2,
          maximo: 3,
          opciones: [opcion(41, 'Mango'), opcion(42, 'Piña'), opcion(43, 'Fresa')],
        },
      ],
    });
    const marcado = (n: number) =>
      (
        within(grupo(n))
          .getAllByRole('radio')
          .find((r) => (r as HTMLInputElement).checked && r.getAttribute('value')) as
          HTMLInputElement | undefined
      )?.value;
    const obligatorio = (n: number) =>
      within(grupo(n)).getByRole('switch', { name: 'Obligatorio' }).getAttribute('aria-checked');
    expect([marcado(1), obligatorio(1)]).toEqual(['una', 'true']);
    expect([marcado(2), obligatorio(2)]).toEqual(['hasta', 'false']);
    expect(within(grupo(2)).getByLabelText('¿Hasta cuántas?')).toHaveProperty('value', '2');
    expect([marcado(3), obligatorio(3)]).toEqual(['exactamente', 'true']);
    expect([marcado(4), obligatorio(4)]).toEqual(['otra', 'true']);
    expect(within(grupo(4)).getByLabelText('Mínimo')).toHaveProperty('value', '2');
  });

  it('previews the options live as the customer sees them: extra prices, no inactive ones', async () => {
    const { user, g, vista } = await conGrupoNuevo('Tortilla', [
      ['Maíz', ''],
      ['Harina', '5'],
      ['Nopal', '7.5'],
    ]);
    expect(within(vista()).getByRole('radio', { name: 'Harina +$ 5.00' })).toBeTruthy();
    expect(within(vista()).getByRole('radio', { name: 'Nopal +$ 7.50' })).toBeTruthy();
    await user.click(within(g).getByRole('checkbox', { name: 'Activa: Nopal' }));
    expect(within(vista()).queryByRole('radio', { name: /Nopal/ })).toBeNull();
    await user.type(within(g).getByLabelText('Nombre del grupo'), ' a mano');
    expect(within(vista()).getByRole('group', { name: /^Tortilla a mano/ })).toBeTruthy();

    // Several allowed: check boxes, the rest switched off at the maximum, as in the shop.
    await user.click(within(g).getByRole('checkbox', { name: 'Activa: Nopal' }));
    await user.click(within(g).getByRole('radio', { name: 'Varias, hasta un límite' }));
    await user.click(within(vista()).getByRole('checkbox', { name: 'Maíz' }));
    await user.click(within(vista()).getByRole('checkbox', { name: 'Harina +$ 5.00' }));
    expect(within(vista()).getByRole('checkbox', { name: 'Nopal +$ 7.50' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
