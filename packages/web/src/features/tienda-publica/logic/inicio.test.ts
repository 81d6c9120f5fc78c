import { describe, expect, it } from 'vitest';
import type { TiendaListada } from '../api/list-tiendas';
import { categoria, producto, taqueria } from '../test/fixtures';
import { tiendasParaInicio } from './inicio';

function tienda(nombre: string, extra: Partial<TiendaListada> = {}): TiendaListada {
  return {
    ...taqueria().tienda,
    nombre,
    usuario: nombre.toLowerCase(),
    configured: true,
    approved: true,
    deleted: false,
    ...extra,
  };
}

describe('tiendasParaInicio', () => {
  it('lists only shops whose public page opens, by name', () => {
    const list = [
      tienda('Zapatería'),
      tienda('Pendiente', { approved: false }),
      tienda('N/A'),
      tienda('Apagada', { activarODesactivar: false }),
      tienda('Borrada', { deleted: true }),
      tienda('Sin configurar', { configured: false }),
      tienda('Vacía', { categorias: [categoria('Nada', [])] }),
      tienda('Oculta', {
        categorias: [categoria('Tacos', [producto('Taco', 10, { activarODesactivar: false })])],
      }),
      tienda('Ñandú'),
      tienda('abarrotes'),
    ];
    expect(tiendasParaInicio(list).map((t) => t.nombre)).toEqual([
      'abarrotes',
      'Ñandú',
      'Zapatería',
    ]);
  });
});
