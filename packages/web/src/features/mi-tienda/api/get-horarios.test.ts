import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { withRetries } from './get-horarios';

const noWait = async () => undefined;

describe('withRetries (hours and special days loads)', () => {
  it('tries again at most 3 times after a lost connection or a server fault', async () => {
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new ApiError(0, 'SIN_CONEXION', 'sin conexión'));
    };
    await expect(withRetries(failing, 3, noWait)).rejects.toThrow('sin conexión');
    expect(calls).toBe(4);
  });

  it('answers as soon as one attempt works', async () => {
    let calls = 0;
    const flaky = () => {
      calls++;
      return calls < 3
        ? Promise.reject(new ApiError(503, 'ERROR', 'ocupado'))
        : Promise.resolve(['LUNES']);
    };
    await expect(withRetries(flaky, 3, noWait)).resolves.toEqual(['LUNES']);
    expect(calls).toBe(3);
  });

  it('does not repeat a refusal (an unknown shop answers 404 every time)', async () => {
    let calls = 0;
    const missing = () => {
      calls++;
      return Promise.reject(new ApiError(404, 'NO_ENCONTRADO', 'La tienda no existe'));
    };
    await expect(withRetries(missing, 3, noWait)).rejects.toThrow('La tienda no existe');
    expect(calls).toBe(1);
  });
});
