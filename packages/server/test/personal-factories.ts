import fs from 'node:fs/promises';
import path from 'node:path';
import type { RolPersonal } from '@tianguis/domain';
import type { ApiResponse, TestServer } from './build-test-app.js';
import { claimsOf, type Owner } from './catalogo-factories.js';
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

/** One member of the staff as the owner's list answers it (docs/api.md). */
export interface PersonalView {
  personalId: number;
  nombreCompleto: string;
  email: string;
  rol: RolPersonal;
  estado: 'INVITADO' | 'ACTIVO' | 'BAJA';
  ultimoAcceso: string | null;
}

/**
 * Answers the text of the newest invitation email sent to `email`. The default reads the
 * server's outbox (startTestServer's notifier); a server built with its own notifier passes
 * one that reads what it kept.
 */
export type InvitationReader = (email: string) => Promise<string>;

/** A fresh address for a staff member of this test process. */
export function staffEmail(): string {
  sequence += 1;
  return `personal${process.pid}x${sequence}@correo.com`;
}

/** The newest outbox email to `email`, waiting for it a little (the invite writes it first). */
export function outboxInvitation(server: TestServer): InvitationReader {
  return async (email) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const names = (await fs.readdir(server.outboxDir).catch(() => [] as string[]))
        .filter((n) => n.includes('-email-'))
        .sort()
        .reverse();
      for (const name of names) {
        const text = await fs.readFile(path.join(server.outboxDir, name), 'utf8');
        if (text.startsWith(`Para: ${email}\n`)) return text;
      }
      if (Date.now() > deadline) throw new Error(`no llegó la invitación a ${email}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
}

/** The token of an invitation email's link (`/personal/aceptar?token=…`). */
export function invitationTokenOf(text: string): string {
  const match = /\/personal\/aceptar\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`correo sin enlace de invitación: ${text}`);
  return match[1]!;
}

/** `POST /api/tienda/personal` as `owner`. */
export function inviteStaff(
  server: TestServer,
  owner: { token: string },
  body: { email: string; nombreCompleto: string; rol: string },
): Promise<ApiResponse<PersonalView>> {
  return server.call<PersonalView>('/api/tienda/personal', { token: owner.token, body });
}

/** `POST /api/personal/aceptar` (no session). */
export function acceptInvitation(
  server: TestServer,
  body: { token: string; password?: string; nombreCompleto: string },
): Promise<ApiResponse<{ token: string }>> {
  return server.call<{ token: string }>('/api/personal/aceptar', {
    body: { password: DEFAULT_PASSWORD, ...body },
  });
}

/** `GET /api/tienda/personal` as `owner`. */
export function listStaff(
  server: TestServer,
  owner: { token: string },
): Promise<ApiResponse<PersonalView[]>> {
  return server.call<PersonalView[]>('/api/tienda/personal', { token: owner.token });
}

/**
 * A member of `owner`'s staff with `rol`, signed in, made as a person would: the owner invites
 * them, the invitation email's link is read, and they accept it.
 */
export async function createStaff(
  server: TestServer,
  owner: Owner,
  rol: RolPersonal,
  nombreCompleto = `Persona ${rol.toLowerCase()}`,
  options: { readInvitation?: InvitationReader } = {},
): Promise<Staff> {
  const email = staffEmail();
  const invited = await inviteStaff(server, owner, { email, nombreCompleto, rol });
  if (invited.status !== 201) {
    throw new Error(`invitación falló: ${invited.status} ${JSON.stringify(invited.body)}`);
  }
  const read = options.readInvitation ?? outboxInvitation(server);
  const token = invitationTokenOf(await read(email));
  const accepted = await acceptInvitation(server, { token, nombreCompleto });
  if (accepted.status !== 200) {
    throw new Error(`aceptar falló: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  }
  return {
    accountId: Number(claimsOf(accepted.body.token).certserialnumber),
    personalId: invited.body.personalId,
    email,
    password: DEFAULT_PASSWORD,
    nombreCompleto,
    rol,
    tiendaId: owner.tiendaId,
    token: accepted.body.token,
  };
}

/** A live stream being read: what it has sent so far and whether the server ended it. */
export interface WatchedStream {
  readonly text: string;
  readonly ended: boolean;
  /** Waits until `condition` holds (answers true) or `ms` pass (answers false). */
  until(condition: () => boolean, ms?: number): Promise<boolean>;
}

/** Reads a Server-Sent Events answer in the background, keeping its text. */
export function watchStream(response: Response): WatchedStream {
  let text = '';
  let ended = false;
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  return {
    get text() {
      return text;
    },
    get ended() {
      return ended;
    },
    async until(condition, ms = 5000) {
      const deadline = Date.now() + ms;
      while (!condition()) {
        if (Date.now() > deadline) return false;
        await new Promise((r) => setTimeout(r, 20));
      }
      return true;
    },
  };
}
