import type { PersonalVista } from '@tianguis/domain';

export function miembro(overrides: Partial<PersonalVista> = {}): PersonalVista {
  return {
    personalId: 1,
    nombreCompleto: 'Ana López',
    email: 'ana@correo.com',
    rol: 'CAJERO',
    estado: 'ACTIVO',
    ultimoAcceso: null,
    ...overrides,
  };
}

export interface Llamada {
  method: string;
  path: string;
  body: unknown;
}

/** A JSON answer as the server writes it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Stands in for the network (the browser's fetch, not our code): records each call and answers
 * with `responder`.
 */
export function redDePrueba(responder: (llamada: Llamada) => Response | Promise<Response>) {
  const llamadas: Llamada[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const llamada: Llamada = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    llamadas.push(llamada);
    return responder(llamada);
  };
  return { llamadas, fetch };
}
