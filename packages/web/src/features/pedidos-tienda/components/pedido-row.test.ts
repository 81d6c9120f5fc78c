import { describe, expect, it } from 'vitest';
import { textoEdad } from './pedido-row';

describe('textoEdad (how long an order has waited)', () => {
  const now = new Date('2025-03-12T16:00:00Z');
  it('says a moment, then minutes, then hours, and nothing past a day', () => {
    expect(textoEdad('2025-03-12T15:59:30Z', now)).toBe('hace un momento');
    expect(textoEdad('2025-03-12T16:00:20Z', now)).toBe('hace un momento');
    expect(textoEdad('2025-03-12T15:48:00Z', now)).toBe('hace 12 min');
    expect(textoEdad('2025-03-12T13:30:00Z', now)).toBe('hace 2 h');
    expect(textoEdad('2025-03-11T16:00:00Z', now)).toBeUndefined();
    expect(textoEdad('no es fecha', now)).toBeUndefined();
  });
});
