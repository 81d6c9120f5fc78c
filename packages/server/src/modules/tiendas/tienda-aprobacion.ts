import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Notifier } from '../../notifier/notifier.js';
import * as repo from './tienda.repository.js';

/**
 * The owner's messages when the admin approves the shop (docs/api.md, "Shop approval"): an email
 * 'Tu tienda … ya está publicada' with the shop's public link and, when an SMS provider is set
 * (SMS_URL), an SMS with the same link. They go through the server's one notifier (SMTP or the
 * outbox), after the approval is saved and without holding its answer: a failing mail or SMS
 * service is logged and never undoes or refuses the approval.
 */

export interface AprobacionDeps {
  db: Db;
  notifier: Notifier;
  log: FastifyBaseLogger;
  /** The web app's address, for the shop's link. */
  publicUrl: string;
  /** Whether an SMS provider is set: without one, no SMS is sent (nor written to the outbox). */
  conProveedorSms: boolean;
}

/** The registration leaves the name 'N/A' until the owner sets one. */
const SIN_NOMBRE = 'N/A';

/** The shop's public page: /tienda/<usuario> on the web app's address. */
export function enlaceDeTienda(publicUrl: string, usuario: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/tienda/${encodeURIComponent(usuario)}`;
}

export interface AvisoDeTienda {
  nombre: string;
  usuario: string;
  /** Whether shoppers can already find it (configured, active, with a product on sale). */
  publica: boolean;
}

/** The email's subject and text. */
export function correoDeAprobacion(
  tienda: AvisoDeTienda,
  enlace: string,
): { subject: string; text: string } {
  const nombre = tienda.nombre === SIN_NOMBRE ? '' : ` ${tienda.nombre}`;
  const subject = `Tu tienda${nombre} ya está publicada`;
  const text = [
    'Hola,',
    '',
    `Revisamos tu tienda${nombre} y la aprobamos: ya está publicada en Tianguis. Este es su enlace para compartirlo con tus clientes:`,
    '',
    enlace,
    '',
    ...(tienda.publica
      ? ['Tus clientes ya pueden ver tu menú y hacerte pedidos.']
      : [
          'Todavía no aparece para tus clientes: le falta estar configurada y activa, con al menos un producto a la venta. Entra a Tianguis para completarla.',
        ]),
    '',
    'Gracias por vender con Tianguis.',
  ].join('\n');
  return { subject, text };
}

/** The SMS text (one short message). */
export function smsDeAprobacion(tienda: AvisoDeTienda, enlace: string): string {
  const nombre = tienda.nombre === SIN_NOMBRE ? '' : ` ${tienda.nombre}`;
  return `Tianguis: Tu tienda${nombre} ya está publicada. Compártela: ${enlace}`;
}

/**
 * Answers the callback approveTienda runs once a pending shop is approved. It returns at once;
 * the messages go out in the background.
 */
export function createAvisoDeAprobacion(deps: AprobacionDeps): (tiendaId: number) => void {
  return (tiendaId) => {
    void notifyAprobacion(deps, tiendaId).catch((error: unknown) =>
      deps.log.error(
        { err: error, tiendaId },
        'no se pudo avisar al dueño que su tienda se aprobó',
      ),
    );
  };
}

/** Sends the owner's messages for one approved shop; each channel fails on its own. */
export async function notifyAprobacion(deps: AprobacionDeps, tiendaId: number): Promise<void> {
  const fila = await repo.findAvisoDeTienda(deps.db, tiendaId);
  if (!fila) return;
  const publica = (await repo.findPublicTiendaByUsuario(deps.db, fila.usuario)) !== undefined;
  const tienda: AvisoDeTienda = { nombre: fila.nombre, usuario: fila.usuario, publica };
  const enlace = enlaceDeTienda(deps.publicUrl, fila.usuario);
  const envios: Promise<void>[] = [];
  if (fila.email) {
    envios.push(deps.notifier.sendEmail({ to: fila.email, ...correoDeAprobacion(tienda, enlace) }));
  }
  const celular = fila.celular ?? '';
  if (deps.conProveedorSms && /^\d{10}$/.test(celular)) {
    envios.push(deps.notifier.sendSms({ to: celular, text: smsDeAprobacion(tienda, enlace) }));
  }
  const resultados = await Promise.allSettled(envios);
  for (const r of resultados) {
    if (r.status === 'rejected') {
      deps.log.error(
        { err: r.reason, tiendaId },
        'no se pudo avisar al dueño que su tienda se aprobó',
      );
    }
  }
}
