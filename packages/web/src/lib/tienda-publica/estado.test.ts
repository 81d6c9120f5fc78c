import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { taqueria } from '#test/tienda-publica/fixtures';
import { avisoDeCierre, isTiendaNoEncontrada } from './estado';

describe('not-found decisions', () => {
  const { tienda } = taqueria();

  it('shows not found when the API answers 404', () => {
    expect(isTiendaNoEncontrada(undefined, new ApiError(404, 'NO_ENCONTRADO', 'No existe'))).toBe(
      true,
    );
  });

  it('shows not found for a shop without a name or switched off', () => {
    expect(isTiendaNoEncontrada({ ...tienda, nombre: 'N/A' }, undefined)).toBe(true);
    expect(isTiendaNoEncontrada({ ...tienda, activarODesactivar: false }, undefined)).toBe(true);
  });

  it('shows the shop otherwise, and a failed load is not a missing shop', () => {
    expect(isTiendaNoEncontrada(tienda, undefined)).toBe(false);
    expect(isTiendaNoEncontrada(undefined, undefined)).toBe(false);
    expect(isTiendaNoEncontrada(undefined, new ApiError(0, 'SIN_CONEXION', 'Sin red'))).toBe(false);
    expect(isTiendaNoEncontrada(undefined, new ApiError(500, 'ERROR', 'Falló'))).toBe(false);
  });
});

describe('closed notice', () => {
  const { tienda, horarios } = taqueria();

  it('is absent while the shop is open (Monday 20:00 in Mexico City)', () => {
    // 2025-09-01 is a Monday; Mexico City is UTC-6 all year since 2022.
    expect(avisoDeCierre(tienda, horarios, [], new Date('2025-09-02T02:00:00Z'))).toBeUndefined();
  });

  it('gives the name, reason, next opening and footer when outside the hours', () => {
    expect(avisoDeCierre(tienda, horarios, [], new Date('2025-09-01T18:00:00Z'))).toEqual({
      titulo: 'Taquería Lupe está cerrada',
      motivo: 'Fuera del horario de atención (18:00 - 02:00)',
      proximaApertura: 'Próxima apertura: Hoy a las 18:00',
      footer: 'Te esperamos pronto para atenderte mejor',
    });
  });

  it('reads the clock in the shop’s zone, not the browser’s', () => {
    // 20:00 in Mexico City is 22:00 in New York; the same instant in Tijuana is 19:00.
    const instant = new Date('2025-09-02T02:00:00Z');
    expect(avisoDeCierre(tienda, horarios, [], instant)).toBeUndefined();
    expect(
      avisoDeCierre({ ...tienda, timeZone: 'Pacific/Honolulu' }, horarios, [], instant)?.motivo,
    ).toBe('Fuera del horario de atención (18:00 - 02:00)');
  });

  it('says a Sunday has no hours and the next opening is Monday', () => {
    // 2025-09-07 is a Sunday; 12:00 local.
    const aviso = avisoDeCierre(tienda, horarios, [], new Date('2025-09-07T18:00:00Z'));
    expect(aviso?.motivo).toBe('No hay horario configurado para el día de hoy');
    expect(aviso?.proximaApertura).toBe('Próxima apertura: Mañana a las 18:00');
  });

  it('falls back to Mexico City for a zone the browser does not know', () => {
    const aviso = avisoDeCierre(
      { ...tienda, timeZone: 'Marte/Olympus' },
      horarios,
      [],
      new Date('2025-09-01T18:00:00Z'),
    );
    expect(aviso?.proximaApertura).toBe('Próxima apertura: Hoy a las 18:00');
  });
});
