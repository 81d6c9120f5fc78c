import { api } from '../../../lib/api';

/** The server's VAPID public key (base64url); 503 PUSH_NO_DISPONIBLE when push is off. */
export async function getClavePublica(): Promise<string> {
  const { publicKey } = await api<{ publicKey: string }>('/api/push/clavepublica');
  return publicKey;
}
