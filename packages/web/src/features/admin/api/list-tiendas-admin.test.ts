import { describe, expect, it } from 'vitest';
import { tiendaAdmin } from '#test/admin/fixtures';
import { nombreDeTienda, selectPendingTiendas } from './list-tiendas-admin';

describe('selectPendingTiendas', () => {
  it('keeps only shops not approved and not deleted, oldest first', () => {
    const list = [
      tiendaAdmin(5),
      tiendaAdmin(2, { approved: true }),
      tiendaAdmin(3, { deleted: true }),
      tiendaAdmin(1, { configured: true }),
      tiendaAdmin(4, { approved: true, deleted: true }),
    ];
    expect(selectPendingTiendas(list).map((t) => t.tiendaId)).toEqual([1, 5]);
  });

  it('answers an empty list when every shop is approved', () => {
    expect(selectPendingTiendas([tiendaAdmin(1, { approved: true })])).toEqual([]);
  });
});

describe('nombreDeTienda', () => {
  it("treats 'N/A' and blanks as no name", () => {
    expect(nombreDeTienda({ nombre: 'N/A' })).toBeUndefined();
    expect(nombreDeTienda({ nombre: '  ' })).toBeUndefined();
    expect(nombreDeTienda({ nombre: 'cocina mary' })).toBe('cocina mary');
  });
});
