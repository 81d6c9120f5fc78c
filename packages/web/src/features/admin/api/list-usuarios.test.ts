import { describe, expect, it } from 'vitest';
import { formatFechaRegistro, labelTipoUsuario, sortNewestFirst } from './list-usuarios';

describe('registered users', () => {
  it('sorts by id, newest first, without changing the given list', () => {
    const list = [
      { id: 2, tipoUsuario: 'TIENDA', celular: '', email: 'b@x.mx', datetime: '' },
      { id: 9, tipoUsuario: 'USUARIO', celular: '', email: 'c@x.mx', datetime: '' },
      { id: 1, tipoUsuario: 'ADMIN', celular: '', email: 'a@x.mx', datetime: '' },
    ];
    expect(sortNewestFirst(list).map((u) => u.id)).toEqual([9, 2, 1]);
    expect(list.map((u) => u.id)).toEqual([2, 9, 1]);
  });

  it('names the account types in Spanish and keeps unknown ones as they came', () => {
    expect(labelTipoUsuario('USUARIO')).toBe('Cliente');
    expect(labelTipoUsuario('TIENDA')).toBe('Tienda');
    expect(labelTipoUsuario('ADMIN')).toBe('Administrador');
    expect(labelTipoUsuario('OTRO')).toBe('OTRO');
  });

  it('shows the date in Mexico City time, es-MX', () => {
    // 02:30 UTC on 23 August is still 22 August, 20:30, in Mexico City.
    const text = formatFechaRegistro('2025-08-23T02:30:00.000Z');
    expect(text).toMatch(/22/);
    expect(text).toMatch(/ago/);
    expect(text).toMatch(/2025/);
    expect(text).toMatch(/8:30/);
    expect(formatFechaRegistro('no es fecha')).toBe('no es fecha');
  });
});
