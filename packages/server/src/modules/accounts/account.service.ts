import type { FastifyBaseLogger } from 'fastify';
import { NO_USUARIO, personalMessages, roleFromTipoUsuario, type Registro } from '@tianguis/domain';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Session, StillValidSessions } from '../../http/auth.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { isoAfter, nowIso } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { equalsInConstantTime, randomDigits, randomSecret, sha256 } from '../../lib/secrets.js';
import { canSendSms, type Notifier } from '../../notifier/notifier.js';
import { findMiembroDeCuenta, markUltimoAcceso } from '../personal/personal.service.js';
import { createTiendaForOwner, findTiendaIdOfOwner } from '../tiendas/tienda.service.js';
import * as repo from './account.repository.js';
import { hashPassword, verifyPassword } from './password.js';
import type { Account } from './account.table.js';
import type { TokenService } from './token.js';

const RESET_SECRET_TTL_MS = 30 * 60 * 1000;
/** Sessions re-checked per query (stillValid): bounded lists in `IN (...)`. */
const SESSION_CHECK_BATCH = 500;
const PHONE_CODE_TTL_MS = 10 * 60 * 1000;

export interface AccountServiceDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
  limiter: RateLimiter;
  tokens: TokenService;
  log: FastifyBaseLogger;
}

export interface RegisteredUser {
  id: number;
  tipoUsuario: string;
  celular: string;
  email: string;
  datetime: string;
}

export function createAccountService(deps: AccountServiceDeps) {
  const { db, config, notifier, limiter, tokens, log } = deps;
  const limits = config.rateLimits;

  /** Duplicates are told apart in order: email, then usuario, then celular (docs/api.md). */
  async function assertAvailable(input: Registro): Promise<void> {
    if (await repo.findAccountByEmail(db, input.email)) throw new AppError('CORREO_EXISTENTE');
    if (input.usuario !== NO_USUARIO && (await repo.existsAccountWithUsuario(db, input.usuario))) {
      throw new AppError('USUARIO_EXISTENTE');
    }
    if (await repo.findAccountByCelular(db, input.celular)) throw new AppError('CELULAR_EXISTENTE');
  }

  async function registerUser(input: Registro): Promise<{ id: number }> {
    await assertAvailable(input);
    const passwordHash = await hashPassword(input.password);
    const now = nowIso();
    const role = roleFromTipoUsuario(input.tipousuario);
    try {
      const id = await db.transaction().execute(async (trx) => {
        const accountId = await repo.insertAccount(trx, {
          email: input.email,
          password_hash: passwordHash,
          usuario: input.usuario,
          role,
          celular: input.celular,
          nombre_completo: input.nombreCompleto,
          direccion_entrega: input.direccionEntrega,
          created_at: now,
        });
        if (role === 'TIENDA') {
          await createTiendaForOwner(trx, { accountId, usuario: input.usuario, now });
        }
        return accountId;
      });
      return { id };
    } catch (error) {
      // Two registrations raced past the checks above: answer as if we had seen the winner.
      if (isUniqueViolation(error)) {
        await assertAvailable(input);
      }
      throw error;
    }
  }

  /**
   * A staff account's membership, when it is active: a removed member can neither sign in nor
   * use a token (docs/api.md, "Staff and the kitchen").
   */
  async function miembroActivo(accountId: number) {
    const miembro = await findMiembroDeCuenta(db, accountId);
    if (!miembro || miembro.estado !== 'ACTIVO') {
      throw new AppError('NO_AUTENTICADO', personalMessages.dadoDeBaja);
    }
    return miembro;
  }

  async function issueToken(account: Account): Promise<string> {
    const claims = {
      accountId: account.id,
      usuario: account.usuario,
      tiendaId: 0,
      role: account.role,
      celular: account.celular ?? '',
      tokenVersion: account.token_version,
    };
    if (account.role === 'TIENDA') {
      return tokens.sign({ ...claims, tiendaId: await findTiendaIdOfOwner(db, account.id) });
    }
    if (account.role === 'PERSONAL') {
      const miembro = await miembroActivo(account.id);
      await markUltimoAcceso(db, miembro.id, nowIso());
      return tokens.sign({ ...claims, tiendaId: miembro.tienda_id, rol: miembro.rol });
    }
    return tokens.sign(claims);
  }

  async function authenticate(
    credentials: { email: string; password: string },
    ip: string,
  ): Promise<{ token: string }> {
    const ipKey = `signin-ip:${ip}`;
    // An attacker's failures stop the attacker's address on that account, not the owner
    // elsewhere (docs/reliability.md, "Limits"); the account as a whole is only slowed down, far higher up.
    const pairKey = `signin-account-ip:${ip}:${credentials.email}`;
    const accountKey = `signin-account:${credentials.email}`;
    // Counted before the (slow) password check, so attempts sent all at once are counted too;
    // a success gives its attempts back. The address goes first: once it is refused, it can't
    // make new keys (or probe accounts) at all.
    await limiter.consume(ipKey, limits.signInFailuresPerIp);
    const counted = [ipKey];
    try {
      await limiter.consume(pairKey, limits.signInFailuresPerAccount);
      counted.push(pairKey);
      await limiter.consume(accountKey, limits.signInFailuresPerAccountTotal);
    } catch (error) {
      // Refused: the attempts counted so far were never tried.
      for (const key of counted) await limiter.release(key);
      throw error;
    }
    const account = await repo.findAccountByEmail(db, credentials.email);
    const valid = await verifyPassword(account?.password_hash, credentials.password);
    if (!account || !valid) throw new AppError('USUARIO_INCORRECTO_PASSWORD_INCORRECTO');
    await limiter.release(ipKey);
    await limiter.clear(pairKey);
    // Given back, not cleared: the owner signing in must not wipe out an attack elsewhere.
    await limiter.release(accountKey);
    return { token: await issueToken(account) };
  }

  /** Reads a token into a session; any doubt (tampered, expired, revoked, stale) is a 401. */
  async function resolveSession(token: string): Promise<Session> {
    const claims = await tokens.verify(token);
    if (!claims) throw new AppError('NO_AUTENTICADO', 'Tu sesión no es válida o ya expiró');
    const account = await repo.findAccountForSession(db, claims.certserialnumber, claims.jti);
    if (!account || account.revoked_jti !== null || account.token_version !== claims.ver) {
      throw new AppError('NO_AUTENTICADO', 'Tu sesión no es válida o ya expiró');
    }
    const session: Session = {
      accountId: account.id,
      usuario: account.usuario,
      tiendaId: claims.groupsid,
      role: account.role,
      celular: account.celular ?? '',
      jti: claims.jti,
      exp: claims.exp,
      tokenVersion: claims.ver,
      actor: account.role === 'TIENDA' ? 'DUENO' : null,
      nombreCompleto: account.nombre_completo === '' ? account.usuario : account.nombre_completo,
    };
    // Staff only: their shop and role are read now, so a change applies to every token at once.
    if (account.role === 'PERSONAL') {
      const miembro = await miembroActivo(account.id);
      session.tiendaId = miembro.tienda_id;
      session.actor = miembro.rol;
      session.nombreCompleto = miembro.nombre_completo;
    }
    return session;
  }

  const stillValid: StillValidSessions = async (sessions) => {
    const now = Date.now() / 1000;
    const live = sessions.filter((s) => s.exp > now);
    const valid = new Set<string>();
    for (let i = 0; i < live.length; i += SESSION_CHECK_BATCH) {
      const batch = live.slice(i, i + SESSION_CHECK_BATCH);
      const [versions, revoked] = await Promise.all([
        repo.listTokenVersions(db, [...new Set(batch.map((s) => s.accountId))]),
        repo.listRevokedJtis(
          db,
          batch.map((s) => s.jti),
        ),
      ]);
      for (const s of batch) {
        if (!revoked.has(s.jti) && versions.get(s.accountId) === s.tokenVersion) valid.add(s.jti);
      }
    }
    return valid;
  };

  async function logout(session: Session): Promise<void> {
    const now = nowIso();
    await repo.insertRevokedToken(db, session.jti, new Date(session.exp * 1000).toISOString());
    await repo.deleteExpiredRevokedTokens(db, now);
  }

  async function listRegisteredUsers(): Promise<RegisteredUser[]> {
    const rows = await repo.listAccountsNewestFirst(db);
    return rows.map((r) => ({
      id: r.id,
      tipoUsuario: r.role,
      celular: r.celular ?? '',
      email: r.email,
      datetime: r.created_at,
    }));
  }

  /** Resets (emails and texts) still being looked up, written and sent after their answer. */
  const resetsUnderWay = new Set<Promise<void>>();

  /**
   * Whether this request may send a reset by this channel (an email link or a phone code).
   * Counted quietly, by what was typed (known or not alike): per client address, per account,
   * and per account from this address. Past the account's own limit, an address asking for it
   * for the first time in the window still gets one: an attacker's requests never stop the
   * owner's reset from elsewhere (docs/api.md, "Password reset").
   */
  async function mayReset(channel: 'mail' | 'sms', target: string, ip: string): Promise<boolean> {
    const [fromIp, toAccount, fromIpToAccount] = await Promise.all([
      limiter.attempts(`reset-${channel}-ip:${ip}`),
      limiter.attempts(`reset-${channel}-account:${target}`),
      limiter.attempts(`reset-${channel}-account-ip:${ip}:${target}`),
    ]);
    return (
      fromIp <= limits.resetRequestsPerIp &&
      fromIpToAccount <= limits.resetsPerAccountPerIp &&
      (toAccount <= limits.resetRequestsPerTarget || fromIpToAccount === 1)
    );
  }

  /**
   * The one way both resets are asked for. Always resolves the same way, never refused: the
   * answer must not tell whether the target has an account, nor that the sending is throttled.
   * Only the counting is awaited (the same work for every target); `send` (the lookup, the
   * secret or code, the message) follows the answer, so a known target takes no longer to
   * answer than an unknown one, and a message that fails is logged, not answered.
   */
  async function resetQuietly(
    channel: 'mail' | 'sms',
    target: string,
    ip: string,
    send: (target: string) => Promise<void>,
  ): Promise<void> {
    if (!(await mayReset(channel, target, ip))) return;
    const task = send(target)
      .catch((error: unknown) =>
        log.error({ err: error, channel }, 'no se pudo enviar la recuperación de contraseña'),
      )
      .finally(() => resetsUnderWay.delete(task));
    resetsUnderWay.add(task);
  }

  async function mailResetLink(email: string): Promise<void> {
    const account = await repo.findAccountByEmail(db, email);
    if (!account) return;
    const secret = randomSecret();
    await repo.insertResetSecret(db, {
      accountId: account.id,
      secretHash: sha256(secret),
      expiresAt: isoAfter(RESET_SECRET_TTL_MS),
      now: nowIso(),
    });
    const link = `${config.publicUrl}/recuperar-contrasena?secret=${secret}`;
    await notifier.sendEmail({
      to: account.email,
      subject: 'Recupera tu contraseña de Tianguis',
      text: [
        'Hola,',
        '',
        'Recibimos una solicitud para cambiar la contraseña de tu cuenta de Tianguis.',
        'Abre este enlace en los próximos 30 minutos para elegir una nueva:',
        '',
        link,
        '',
        'Si no fuiste tú, ignora este correo: tu contraseña no cambiará.',
      ].join('\n'),
    });
  }

  /** Always the same 200 (docs/api.md, "Password reset"); the email follows the answer. */
  async function sendResetEmail(email: string, ip: string): Promise<void> {
    await resetQuietly('mail', email, ip, mailResetLink);
  }

  /** Lets the resets under way finish (before the database closes). */
  async function close(): Promise<void> {
    await Promise.all([...resetsUnderWay]);
  }

  async function changePassword(accountId: number, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await repo.updateAccountPassword(trx, accountId, passwordHash);
      await repo.voidResetSecretsOf(trx, accountId, now);
      await repo.voidPhoneCodesOf(trx, accountId, now);
    });
  }

  async function resetPasswordWithSecret(secret: string, newPassword: string): Promise<void> {
    const accountId = await repo.consumeResetSecret(db, sha256(secret), nowIso());
    if (accountId === undefined) throw new AppError('SECRETO_INVALIDO');
    await changePassword(accountId, newPassword);
  }

  /** Which reset paths can reach a person (the web app offers only those). */
  function recoveryMethods(): { celular: boolean } {
    return { celular: canSendSms(config) };
  }

  async function textResetCode(celular: string): Promise<void> {
    const account = await repo.findAccountByCelular(db, celular);
    if (!account) return;
    const code = randomDigits(6);
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await repo.voidPhoneCodesOf(trx, account.id, now);
      await repo.insertPhoneCode(trx, {
        accountId: account.id,
        codeHash: sha256(`${account.id}:${code}`),
        expiresAt: isoAfter(PHONE_CODE_TTL_MS),
        now,
      });
    });
    try {
      await notifier.sendSms({
        to: celular,
        text: `Tu código de Tianguis para cambiar tu contraseña es ${code}. Vence en 10 minutos. No lo compartas con nadie.`,
      });
    } catch (error) {
      // A code nobody received must not stay guessable.
      await repo.voidPhoneCodesOf(db, account.id, nowIso());
      throw error;
    }
  }

  /**
   * Always the same 200 for any phone, like the email reset (docs/api.md, "Password reset");
   * the code follows the answer.
   */
  async function sendPhoneCode(celular: string, ip: string): Promise<void> {
    // In production without a provider a code would reach nobody (docs/reliability.md, "Limits"). Refused before
    // any lookup, so the answer says nothing about whether the phone has an account.
    if (!canSendSms(config)) throw new AppError('SMS_NO_DISPONIBLE');
    await resetQuietly('sms', celular, ip, textResetCode);
  }

  /**
   * Guessing is bounded twice, and neither bound is one an attacker can hold against the owner
   * (docs/api.md, "Password reset"): wrong guesses count per client address (that address gets
   * 429), and each code takes only `phoneCodeAttempts` wrong guesses before it is burnt, after
   * which the owner asks for a new code, which starts over. There is no lockout per account.
   */
  async function resetPasswordWithCode(
    input: { celular: string; codigo: string; password: string },
    ip: string,
  ): Promise<void> {
    const ipKey = `code-ip:${ip}`;
    await limiter.consume(ipKey, limits.signInFailuresPerIp);
    const now = nowIso();
    const account = await repo.findAccountByCelular(db, input.celular);
    const live = account ? await repo.findLivePhoneCode(db, account.id, now) : undefined;
    // Each guess takes one of the code's attempts in a single UPDATE before it is compared, so
    // guesses sent all at once can't get past the limit.
    if (
      !account ||
      !live ||
      !(await repo.reservePhoneCodeAttempt(db, live.id, limits.phoneCodeAttempts))
    ) {
      throw new AppError('CODIGO_INVALIDO');
    }
    if (!equalsInConstantTime(live.code_hash, sha256(`${account.id}:${input.codigo}`))) {
      throw new AppError('CODIGO_INVALIDO');
    }
    if (!(await repo.consumePhoneCode(db, live.id, now))) throw new AppError('CODIGO_INVALIDO');
    await limiter.release(ipKey);
    await changePassword(account.id, input.password);
  }

  /** Makes sure the ADMIN named by ADMIN_EMAIL exists; an existing account keeps its password. */
  async function ensureAdmin(email: string, password: string): Promise<void> {
    const normalized = email.trim().toLowerCase();
    const assertAdmin = (existing: Account) => {
      // Promoting would hand ADMIN to whoever registered that address, with their password.
      if (existing.role !== 'ADMIN') {
        throw new Error(
          `ADMIN_EMAIL (${normalized}) ya pertenece a una cuenta que no es ADMIN: usa otro correo`,
        );
      }
    };
    const existing = await repo.findAccountByEmail(db, normalized);
    if (existing) return assertAdmin(existing);
    try {
      await repo.insertAccount(db, {
        email: normalized,
        password_hash: await hashPassword(password),
        usuario: NO_USUARIO,
        role: 'ADMIN',
        celular: null,
        nombre_completo: 'Administrador',
        direccion_entrega: '',
        created_at: nowIso(),
      });
    } catch (error) {
      // Another process booting at the same moment made it first.
      const made = isUniqueViolation(error) && (await repo.findAccountByEmail(db, normalized));
      if (!made) throw error;
      return assertAdmin(made);
    }
    log.info({ email: normalized }, 'cuenta ADMIN creada');
  }

  /**
   * What the staff module needs of accounts (docs/api.md, "Staff and the kitchen"): whether an
   * email has an account, a PERSONAL account written inside the acceptance's transaction, the
   * token the acceptance answers, and voiding every token of a removed member.
   */
  const staff = {
    async isEmailInUse(email: string): Promise<boolean> {
      return (await repo.findAccountByEmail(db, email)) !== undefined;
    },
    hashPassword,
    insertAccount(
      trx: DbOrTx,
      input: { email: string; passwordHash: string; nombreCompleto: string; now: string },
    ): Promise<number> {
      return repo.insertAccount(trx, {
        email: input.email,
        password_hash: input.passwordHash,
        usuario: NO_USUARIO,
        role: 'PERSONAL',
        celular: null,
        nombre_completo: input.nombreCompleto,
        direccion_entrega: '',
        created_at: input.now,
      });
    },
    /** A token for an account just made, as `authenticate` answers it. */
    async signIn(accountId: number): Promise<{ token: string }> {
      const account = await repo.findAccountById(db, accountId);
      if (!account) throw new AppError('NO_AUTENTICADO');
      return { token: await issueToken(account) };
    },
    /** Live streams re-check sessions by token version, so they are cut too. */
    revokeTokens(trx: DbOrTx, accountId: number): Promise<void> {
      return repo.raiseTokenVersion(trx, accountId);
    },
  };

  return {
    registerUser,
    authenticate,
    resolveSession,
    stillValid,
    logout,
    listRegisteredUsers,
    sendResetEmail,
    resetPasswordWithSecret,
    recoveryMethods,
    sendPhoneCode,
    resetPasswordWithCode,
    ensureAdmin,
    close,
    staff,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/** Checkout's lock of the shopper (the orders module runs it inside its transaction). */
export { lockShopperForCheckout } from './account.repository.js';
