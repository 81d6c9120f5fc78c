import type { RolPersonal } from '@tianguis/domain';
import { hashPassword } from '../src/modules/accounts/password.js';
import type { TestServer } from './build-test-app.js';
import type { Owner } from './catalogo-factories.js';
import { DEFAULT_PASSWORD } from './factories.js';

let sequence = 0;

export interface Staff {
  accountId: number;
  personalId: number;
  email: string;
  password: string;
  nombreCompleto: string;
  rol: RolPersonal;
  tiendaId: number;
  token: string;
}

/**
 * A member of `owner`'s staff with `rol`, signed in. Until the invitation routes exist it is
 * written straight to the database; the staff module's tests replace this with the invitation
 * and acceptance through the API, keeping the signature.
 */
export async function createStaff(
  server: TestServer,
  owner: Owner,
  rol: RolPersonal,
  nombreCompleto = `Persona ${rol.toLowerCase()}`,
): Promise<Staff> {
  sequence += 1;
  const email = `personal${process.pid}x${sequence}@correo.com`;
  const db = server.app.database.db;
  const now = new Date().toISOString();
  const { id: accountId } = await db
    .insertInto('account')
    .values({
      email,
      password_hash: await hashPassword(DEFAULT_PASSWORD),
      usuario: 'N/A',
      role: 'PERSONAL',
      celular: null,
      nombre_completo: nombreCompleto,
      direccion_entrega: '',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: personalId } = await db
    .insertInto('personal')
    .values({
      tienda_id: owner.tiendaId,
      account_id: accountId,
      email,
      nombre_completo: nombreCompleto,
      rol,
      estado: 'ACTIVO',
      token_hash: null,
      invitado_en: now,
      expira_en: now,
      aceptado_en: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const signedIn = await server.call<{ token: string }>('/api/login/authenticate', {
    body: { email, password: DEFAULT_PASSWORD },
  });
  if (signedIn.status !== 200) {
    throw new Error(
      `login del personal falló: ${signedIn.status} ${JSON.stringify(signedIn.body)}`,
    );
  }
  return {
    accountId,
    personalId,
    email,
    password: DEFAULT_PASSWORD,
    nombreCompleto,
    rol,
    tiendaId: owner.tiendaId,
    token: signedIn.body.token,
  };
}
