import { catalogoMessages, grupoOpcionesMessages } from '@tianguis/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { categoriaDePrueba, productoDePrueba } from './catalogo-fixtures';
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
    await user.clear(within(grupo(1)).getByLabelText('Mínimo'));
    await user.type(within(grupo(1)).getByLabelText('Mínimo'), '1');
    await user.type(within(grupo(1)).getByLabelText('Nombre de la opción'), 'Maíz');
    await user.click(within(grupo(1)).getByRole('button', { name: 'Agregar opción a Tortilla' }));
    expect(document.activeElement).toBe(
      within(grupo(1)).getAllByLabelText('Nombre de la opción')[1],
    );
    await user.keyboard('Harina');
    await user.type(within(grupo(1)).getAllByLabelText('Precio extra (pesos)')[1]!, '5');

    await user.click(screen.getByRole('button', { name: 'Agregar grupo de opciones' }));
    await user.keyboard('Extras');
    await user.clear(within(grupo(2)).getByLabelText('Máximo'));
    await user.type(within(grupo(2)).getByLabelText('Máximo'), '2');
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
    await user.clear(within(grupo(1)).getByLabelText('Máximo'));
    await user.type(within(grupo(1)).getByLabelText('Máximo'), '3');
    await user.type(within(grupo(1)).getByLabelText('Nombre de la opción'), 'Queso');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(saves).toEqual([]);
    expect(within(grupo(1)).getByRole('alert').textContent).toBe(
      grupoOpcionesMessages.maximoOpciones('Extras'),
    );
    await user.clear(within(grupo(1)).getByLabelText('Máximo'));
    await user.type(within(grupo(1)).getByLabelText('Máximo'), '1');
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
