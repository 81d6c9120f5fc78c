import type { Generated, Insertable, Selectable } from 'kysely';
import type { Role } from '@tianguis/domain';

export interface AccountTable {
  id: Generated<number>;
  /** Trimmed and lowercased; unique. */
  email: string;
  password_hash: string;
  /** A shop's lowercased public name; 'N/A' for shoppers and admins. */
  usuario: string;
  role: Role;
  /** Ten digits; null only for an admin made from the environment. */
  celular: string | null;
  nombre_completo: string;
  direccion_entrega: string;
  /** Raised on every password change: tokens carrying an older value are refused. */
  token_version: Generated<number>;
  created_at: string;
}

export interface RevokedTokenTable {
  jti: string;
  /** Kept until the token would have expired anyway (ISO-8601). */
  expires_at: string;
}

export interface PasswordResetSecretTable {
  id: Generated<number>;
  account_id: number;
  /** SHA-256 of the secret mailed to the user; the secret itself is never stored. */
  secret_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PhoneResetCodeTable {
  id: Generated<number>;
  account_id: number;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type Account = Selectable<AccountTable>;
export type NewAccount = Insertable<AccountTable>;
