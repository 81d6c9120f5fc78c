import { describe, expect, it } from 'vitest';
import { categoriaSchema, checkImagen } from './catalogo.schema.js';

// docs/reliability.md, "Limits": the shape of an image path, checked by the web forms and the server alike.
describe('checkImagen', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'https://malo.example/foto.png',
    '//malo.example/foto.png',
    'http:/images/foto.png',
    '/images/../../etc/passwd',
    '/images/..%2F..%2Fetc%2Fpasswd',
    '/images/foto.png?x=1',
    '/images/foto.png#x',
    '/images/a/b.png',
    '/images/.png',
    '/images/foto.svg',
    '/imagenes/foto.png',
    'images/foto.png',
    'data:image/png;base64,iVBORw0KGgo=',
    '/images/fo\nto.png',
    '/images/fo to.png',
  ])('refuses %j', (value) => {
    expect(checkImagen(value)).toBe('La imagen no es valida');
  });

  it.each([
    '/images/0123456789abcdef0123456789abcdef.png',
    '/images/0123456789abcdef0123456789abcdef.jpg',
    '  /images/0123456789abcdef0123456789abcdef.jpg  ',
  ])('takes an upload path %j', (value) => {
    expect(checkImagen(value)).toBeUndefined();
  });

  it("keeps 'N/A' and empty as no image yet", () => {
    expect(checkImagen('N/A')).toBe('Debe agregar una imagen');
    expect(checkImagen('')).toBe('Debe agregar una imagen');
  });

  it('is what the category schema says', () => {
    const result = categoriaSchema.safeParse({ title: 'Tacos', imageUrl: 'javascript:alert(1)' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('La imagen no es valida');
  });
});
