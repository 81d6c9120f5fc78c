import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { withRetries } from './get-horarios';

const noWait = async () => undefined;

describe('withRetries (hours and special days loads)', () => {
  it('tries again at most 3 times after a lost connection or a server fault', async () => {
    const failing = vi.fn(() => Promise.reject(new ApiError(0, 'SIN_CONEXION', 'sin conexión')));
    await expect(withRetries(failing, 3, noWait)).rejects.toThrow('sin conexión');
    expect(failing).toHaveBeenCalledTimes(4);
  });

  it('answers as soon as one attempt works', async () => {
    const ocupado = new ApiError(503, 'ERROR', 'ocupado');
    const flaky = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(ocupado)
      .mockRejectedValueOnce(ocupado)
      .mockResolvedValue(['LUNES']);
    await expect(withRetries(flaky, 3, noWait)).resolves.toEqual(['LUNES']);
    expect(flaky).toHaveBeenCalledTimes(3);
  });

  it('does not repeat a refusal (an unknown shop answers 404 every time)', async () => {
    const missing = vi.fn(() =>
      Promise.reject(new ApiError(404, 'NO_ENCONTRADO', 'La tienda no existe')),
    );
    await expect(withRetries(missing, 3, noWait)).rejects.toThrow('La tienda no existe');
    expect(missing).toHaveBeenCalledTimes(1);
  });
});
