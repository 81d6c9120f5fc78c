import type { UsuarioRegistrado } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';

/** A registered account as `listarlogin` answers it: the domain's wire shape. */
export type { UsuarioRegistrado };

export const usuariosRegistradosKey = ['admin', 'usuarios'] as const;

export async function getUsuariosRegistrados(): Promise<UsuarioRegistrado[]> {
  const list = await api<UsuarioRegistrado[]>('/api/login/listarlogin', { body: {} });
  return sortNewestFirst(list);
}

export function useUsuariosRegistrados() {
  return useQuery(usuariosRegistradosKey, getUsuariosRegistrados);
}

/**
 * The list is read sorted by id, newest first (the server does too; this keeps it so;
 * docs/web-screens.md, "The admin's screens").
 */
export function sortNewestFirst(list: readonly UsuarioRegistrado[]): UsuarioRegistrado[] {
  return [...list].sort((a, b) => b.id - a.id);
}

const tipoLabels: Record<string, string> = {
  USUARIO: 'Cliente',
  TIENDA: 'Tienda',
  ADMIN: 'Administrador',
};

/** The account type in words; an unknown value is shown as it came. */
export function labelTipoUsuario(tipo: string): string {
  return tipoLabels[tipo] ?? tipo;
}

const fechaFormat = new Intl.DateTimeFormat('es-MX', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Mexico_City',
});

/** The registration date in Mexico City time ('22 ago 2025, 14:05'); unreadable dates as they came. */
export function formatFechaRegistro(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : fechaFormat.format(ms);
}
