import { api } from '../../../lib/api';

/**
 * Tells the server where to send this phone's alerts: the browser's subscription as its
 * `toJSON()` gives it, for the signed-in account or, with `seguimiento`, for a guest's order.
 */
export function postSuscribir(
  subscription: PushSubscriptionJSON,
  seguimiento?: string,
): Promise<unknown> {
  return api('/api/push/suscribir', {
    method: 'POST',
    body: { ...subscription, ...(seguimiento ? { seguimiento } : {}) },
  });
}
