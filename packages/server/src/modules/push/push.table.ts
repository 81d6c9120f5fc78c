import type { Generated } from 'kysely';

/** One browser's Web Push subscription: an account's, or a guest order's (never both). */
export interface PushSuscripcionTable {
  id: Generated<number>;
  /** The push service's URL for this browser. */
  endpoint: string;
  /** base64url: the browser's P-256 public key and its 16-byte auth secret (RFC 8291). */
  p256dh: string;
  auth: string;
  account_id: number | null;
  pedido_id: number | null;
  created_at: string;
}
