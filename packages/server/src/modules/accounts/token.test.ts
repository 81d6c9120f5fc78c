import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './token.js';

const claims = {
  accountId: 7,
  usuario: 'N/A',
  tiendaId: 0,
  role: 'USUARIO' as const,
  celular: '5512345678',
  tokenVersion: 0,
};

// verify() remembers tokens whose signature it checked; expiry must still be read on every use.
describe('token verification', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a token verified before is refused once it expires', async () => {
    const tokens = createTokenService('s'.repeat(48), 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toMatchObject({ certserialnumber: 7, role: 'USUARIO' });
    expect(await tokens.verify(token)).toMatchObject({ certserialnumber: 7 });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('another signature, or another secret, is refused even after the genuine token was seen', async () => {
    const tokens = createTokenService('s'.repeat(48), 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toBeDefined();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeUndefined();
    const other = createTokenService('o'.repeat(48), 60);
    expect(await other.verify(token)).toBeUndefined();
  });

  it('the answered claims cannot be changed by a caller', async () => {
    const tokens = createTokenService('s'.repeat(48), 60);
    const token = await tokens.sign(claims);
    const first = await tokens.verify(token);
    expect(() => {
      (first as { role: string }).role = 'ADMIN';
    }).toThrow();
    expect((await tokens.verify(token))?.role).toBe('USUARIO');
  });
});
