import { catalogoMessages, TITULO_CATEGORIA_MAX } from '@tianguis/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '../../../lib/toast';
import {
  CatalogoCategoriaForm,
  decideCategoriaSave,
  type CategoriaSave,
} from './catalogo-categoria-form';
import { categoriaDePrueba, productoDePrueba } from '#test/mi-tienda/fixtures';
import type { CategoriaDeTienda } from './catalogo-productos';

describe('decideCategoriaSave', () => {
  const values = { title: ' Tacos ', imageUrl: '/images/t.jpg' };

  it('refuses a new category while the shop is not configured', () => {
    expect(decideCategoriaSave(values, { tiendaId: 3, configured: false })).toEqual({
      ok: false,
      field: 'tienda',
      message: 'Debe configurar la tienda antes de agregar una categoría',
    });
  });

  it('adds with the shop id, or updates with the category id, title trimmed', () => {
    expect(decideCategoriaSave(values, { tiendaId: 3, configured: true })).toEqual({
      ok: true,
      save: { kind: 'add', body: { title: 'Tacos', imageUrl: '/images/t.jpg', tiendaId: 3 } },
    });
    expect(decideCategoriaSave(values, { categoriaId: 9, tiendaId: 3, configured: false })).toEqual(
      {
        ok: true,
        save: { kind: 'update', body: { id: 9, title: 'Tacos', imageUrl: '/images/t.jpg' } },
      },
    );
  });

  it('needs a title of 3 characters, then an image', () => {
    const ctx = { tiendaId: 3, configured: true };
    expect(decideCategoriaSave({ title: 'ab', imageUrl: '' }, ctx)).toMatchObject({
      field: 'title',
      message: catalogoMessages.tituloMin,
    });
    expect(decideCategoriaSave({ title: 'abc', imageUrl: '' }, ctx)).toMatchObject({
      field: 'imageUrl',
      message: 'Debe agregar una imagen',
    });
  });
});

function setup(categoria?: CategoriaDeTienda) {
  const saves: CategoriaSave[] = [];
  const calls = { deleted: 0, uploads: 0 };
  const user = userEvent.setup({ applyAccept: false });
  render(
    <>
      <CatalogoCategoriaForm
        categoria={categoria}
        tiendaId={3}
        configured
        onSave={async (save) => {
          saves.push(save);
        }}
        onDelete={async () => {
          calls.deleted++;
        }}
        onCancel={() => undefined}
        upload={async (file) => {
          calls.uploads++;
          return `/images/${file.name}`;
        }}
      />
      <ToastHost />
    </>,
  );
  return { user, saves, calls };
}

describe('the category form', () => {
  it('stops the name at the server’s limit, the domain’s constant', async () => {
    const { user } = setup();
    const nombre = screen.getByLabelText('Nombre');
    expect(nombre.getAttribute('maxlength')).toBe(String(TITULO_CATEGORIA_MAX));
    await user.click(nombre);
    await user.paste('Postres de la casa '.repeat(5));
    expect((nombre as HTMLInputElement).value).toHaveLength(TITULO_CATEGORIA_MAX);
  });

  it('creates a category with its uploaded image', async () => {
    const { user, saves } = setup();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    await user.type(screen.getByLabelText('Nombre'), 'Postres');
    await user.upload(
      screen.getByLabelText('Imagen'),
      new File(['x'], 'postres.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(saves).toEqual([
      { kind: 'add', body: { title: 'Postres', imageUrl: '/images/postres.jpg', tiendaId: 3 } },
    ]);
  });

  it("refuses a file that isn't an image before uploading it", async () => {
    const { user, calls } = setup();
    const input = screen.getByLabelText('Imagen') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'lista.docx', { type: 'application/msword' }));
    expect(
      await screen.findByText('Archivo no permitido: lista.docx', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(input.value).toBe('');
    expect(calls.uploads).toBe(0);
  });

  it('edits the category it was given and asks before deleting it', async () => {
    const categoria = categoriaDePrueba({
      id: 9,
      title: 'Tacos',
      imageUrl: '/images/t.jpg',
      productos: [productoDePrueba(), productoDePrueba()],
    });
    const { user, saves, calls } = setup(categoria);
    const nombre = screen.getByLabelText('Nombre') as HTMLInputElement;
    expect(nombre.value).toBe('Tacos');
    await user.type(nombre, ' dorados');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(saves).toEqual([
      { kind: 'update', body: { id: 9, title: 'Tacos dorados', imageUrl: '/images/t.jpg' } },
    ]);

    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = screen.getByRole('dialog', { name: 'Desea eliminar esta categoria?' });
    expect(within(dialog).getByText('También se eliminarán sus 2 productos.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(calls.deleted).toBe(1);
  });
});
