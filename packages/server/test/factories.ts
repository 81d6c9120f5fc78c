import type { TestServer } from './build-test-app.js';

let sequence = 0;

/** A unique, valid ten-digit celular and names for this test process. */
function nextUnique() {
  sequence += 1;
  const n = (process.pid % 10_000) * 10_000 + sequence;
  return { n, celular: `55${String(n).padStart(8, '0').slice(-8)}` };
}

export const DEFAULT_PASSWORD = 'Secreta123';

export interface ShopperInput {
  email: string;
  password: string;
  usuario: string;
  tipousuario: 'si';
  celular: string;
  nombreCompleto: string;
  direccionEntrega: string;
}

export function shopperPayload(overrides: Partial<Record<string, unknown>> = {}) {
  const { n, celular } = nextUnique();
  return {
    email: `cliente${n}@correo.com`,
    password: DEFAULT_PASSWORD,
    usuario: '',
    tipousuario: 'si',
    celular,
    nombreCompleto: 'Ana López',
    direccionEntrega: 'Calle Morelos 12, Centro',
    ...overrides,
  };
}

export function shopPayload(overrides: Partial<Record<string, unknown>> = {}) {
  const { n, celular } = nextUnique();
  return {
    email: `tienda${n}@correo.com`,
    password: DEFAULT_PASSWORD,
    usuario: `taqueria${n}`,
    tipousuario: 'no',
    celular,
    nombreCompleto: '',
    direccionEntrega: '',
    ...overrides,
  };
}

export interface SignedIn {
  id: number;
  email: string;
  password: string;
  celular: string;
  token: string;
}

/** Registers through the API and signs in; answers the account and its token. */
export async function registerAndSignIn(
  server: TestServer,
  payload: Record<string, unknown>,
): Promise<SignedIn> {
  const registered = await server.call<{ id: number }>('/api/login/registerUser', {
    body: payload,
  });
  if (registered.status !== 200) {
    throw new Error(`registro falló: ${registered.status} ${JSON.stringify(registered.body)}`);
  }
  const email = String(payload.email);
  const password = String(payload.password);
  const signedIn = await server.call<{ token: string }>('/api/login/authenticate', {
    body: { email, password },
  });
  if (signedIn.status !== 200) throw new Error(`login falló: ${signedIn.status}`);
  return {
    id: registered.body.id,
    email,
    password,
    celular: String(payload.celular),
    token: signedIn.body.token,
  };
}

export const createShopper = (server: TestServer, overrides = {}) =>
  registerAndSignIn(server, shopperPayload(overrides));

export const createShopOwner = (server: TestServer, overrides = {}) =>
  registerAndSignIn(server, shopPayload(overrides));

export async function signInAdmin(server: TestServer): Promise<string> {
  const { adminEmail, adminPassword } = server.config;
  if (!adminEmail || !adminPassword) throw new Error('el servidor de prueba no tiene ADMIN');
  const response = await server.call<{ token: string }>('/api/login/authenticate', {
    body: { email: adminEmail, password: adminPassword },
  });
  if (response.status !== 200) throw new Error(`login ADMIN falló: ${response.status}`);
  return response.body.token;
}

export const TEST_ADMIN = { adminEmail: 'admin@tianguis.mx', adminPassword: 'Admin12345' };
