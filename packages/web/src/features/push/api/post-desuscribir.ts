import { api } from '../../../lib/api';

/**
 * The server forgets this phone's subscription: no more alerts are sent to it. A guest names
 * the order it was for by its `seguimiento`; anyone else is the signed-in account.
 */
export function postDesuscribir(endpoint: string, seguimiento?: string): Promise<unknown> {
  return api('/api/push/desuscribir', {
    method: 'POST',
    body: { endpoint, ...(seguimiento ? { seguimiento } : {}) },
  });
}
