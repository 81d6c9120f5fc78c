import { describe, expect, it } from 'vitest';
import {
  firstIssueMessage,
  isMailbox,
  recoveryMessages,
  recuperarEmailSchema,
  registroMessages,
  registroSchema,
} from './account.schema.js';

// docs/reliability.md, "Limits": an address that smuggles a second recipient or a mail header is refused.
const INJECTED = [
  'ana@correo.com,x@malo.mx',
  'ana@correo.com;x@malo.mx',
  'ana@correo.com\r\nBcc: x@malo.mx',
  'ana@correo.com\nBcc: x@m.mx',
  'ana@correo.com\rx',
  '<x@malo.mx>ana@c.com',
  'Ana <ana@correo.com>',
  'ana@correo.com>',
  'ana @correo.com',
  'ana@correo.com x@m.mx',
  'ana\t@correo.com',
  '"ana"@correo.com',
  'ana(x)@correo.com',
  'ana@@correo.com',
  'ana@correo',
  'ana@correo.',
  'ana@.correo.com',
  'ana@-correo.com',
  '.ana@correo.com',
  'ana..b@correo.com',
  'ana@correo..com',
  'ana@[127.0.0.1]',
  'ana\\@correo.com',
  'ana@correo.com\u2028',
  '@correo.com',
];

const VALID = [
  'ana@correo.com',
  'ana.lopez+pedidos@correo.com.mx',
  "o'brien@correo.ie",
  'a_b-c@sub.dominio-x.mx',
  'josé@correo.mx',
  'x@b.co',
];

describe('isMailbox', () => {
  it.each(INJECTED)('refuses %j', (email) => {
    expect(isMailbox(email)).toBe(false);
  });
  it.each(VALID)('accepts %j', (email) => {
    expect(isMailbox(email)).toBe(true);
  });
  it('refuses addresses longer than 254 characters quickly', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(300)}.mx`;
    const started = performance.now();
    expect(isMailbox(long)).toBe(false);
    expect(isMailbox(`a@${'b-'.repeat(120)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('registration and recovery take one mailbox', () => {
  const registro = (email: string) => ({
    email,
    password: 'Secreta123',
    usuario: 'taqueria',
    tipousuario: 'no',
    celular: '5512345678',
  });

  it.each(INJECTED.filter((e) => e.includes('@') && e.length <= 30 && e.trim() === e))(
    'registerUser refuses %j',
    (email) => {
      const result = registroSchema.safeParse(registro(email));
      expect(result.success).toBe(false);
      if (!result.success)
        expect(firstIssueMessage(result.error)).toBe(registroMessages.emailFormato);
    },
  );

  it('registerUser still answers the earlier rules first', () => {
    const result = registroSchema.safeParse(registro('sinarroba,x.com'));
    expect(result.success).toBe(false);
    if (!result.success)
      expect(firstIssueMessage(result.error)).toBe(registroMessages.emailSinArroba);
  });

  it.each(VALID.filter((e) => e.length >= 8 && e.length <= 30))(
    'registerUser accepts %j',
    (email) => {
      expect(registroSchema.safeParse(registro(email)).success).toBe(true);
    },
  );

  it.each(INJECTED.filter((e) => e.includes('@') && e.trim() === e))(
    'the recovery email refuses %j',
    (email) => {
      const result = recuperarEmailSchema.safeParse({ email });
      expect(result.success).toBe(false);
      if (!result.success)
        expect(firstIssueMessage(result.error)).toBe(recoveryMessages.emailFormato);
    },
  );

  it('the recovery email lowercases and trims, then accepts one mailbox', () => {
    expect(recuperarEmailSchema.parse({ email: '  Ana@Correo.com ' })).toEqual({
      email: 'ana@correo.com',
    });
  });
});
