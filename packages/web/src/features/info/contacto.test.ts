import { describe, expect, it } from 'vitest';
import { buildContactoMailto, CORREO_CONTACTO } from './contacto';

describe('buildContactoMailto', () => {
  it('addresses the contact mailbox with the message, name and email, encoded', () => {
    const link = buildContactoMailto({
      nombre: ' Lupe Díaz ',
      email: 'lupe@ejemplo.mx',
      mensaje: '¿Cuánto cuesta? & más',
    });
    const url = new URL(link);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(CORREO_CONTACTO);
    expect(url.searchParams.get('subject')).toBe('Contacto desde Tianguis: Lupe Díaz');
    expect(url.searchParams.get('body')).toBe(
      '¿Cuánto cuesta? & más\n\nLupe Díaz\nlupe@ejemplo.mx',
    );
  });
});
