import { describe, expect, it } from 'vitest';
import { nombreDeTienda, selectPendingTiendas, type TiendaAdmin } from './list-tiendas-admin';

function tienda(tiendaId: number, patch: Partial<TiendaAdmin> = {}): TiendaAdmin {
  return {
    tiendaId,
    usuario: `tienda${tiendaId}`,
    nombre: 'N/A',
    celularTienda: '5512345678',
    configured: false,
    approved: false,
    deleted: false,
    ...patch,
  };
}

describe('selectPendingTiendas', () => {
  it('keeps only shops not approved and not deleted, oldest first', () => {
    const list = [
      tienda(5),
      tienda(2, { approved: true }),
      tienda(3, { deleted: true }),
      tienda(1, { configured: true }),
      tienda(4, { approved: true, deleted: true }),
    ];
    expect(selectPendingTiendas(list).map((t) => t.tiendaId)).toEqual([1, 5]);
  });

  it('answers an empty list when every shop is approved', () => {
    expect(selectPendingTiendas([tienda(1, { approved: true })])).toEqual([]);
  });
});

describe('nombreDeTienda', () => {
  it("treats 'N/A' and blanks as no name", () => {
    expect(nombreDeTienda({ nombre: 'N/A' })).toBeUndefined();
    expect(nombreDeTienda({ nombre: '  ' })).toBeUndefined();
    expect(nombreDeTienda({ nombre: 'cocina mary' })).toBe('cocina mary');
  });
});
