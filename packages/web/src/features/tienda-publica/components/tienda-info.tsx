import { enlaceLlamar, enlaceMapa } from '@tianguis/domain';
import type { TiendaPublica } from '../../../lib/tienda-publica/get-tienda-publica';
import { precioTexto } from '../logic/precio';

/** What a shopper wants to know before choosing: minimum, shipping, delivery, payment. */
export function condicionesDeTienda(
  tienda: Pick<TiendaPublica, 'montoMinimo' | 'costoDeEnvio' | 'entrega' | 'pagos' | 'zonas'>,
): string[] {
  // An older server's answer has no settings: the first edition's delivery and cash.
  const entrega = tienda.entrega ?? { recoger: false, domicilio: true };
  const pagos = tienda.pagos ?? { efectivo: true, terminal: false, transferencia: null };
  const pesos = precioTexto;
  const filas = [
    tienda.montoMinimo > 0 ? `Pedido mínimo ${pesos(tienda.montoMinimo)}` : 'Sin pedido mínimo',
  ];
  if (entrega.domicilio) {
    // With delivery zones the fee depends on the colonia: the cheapest one (docs/api.md).
    const zonas = tienda.zonas?.length;
    const envio = zonas
      ? Math.min(...tienda.zonas!.map((z) => z.costoDeEnvio))
      : tienda.costoDeEnvio;
    filas.push(
      envio > 0
        ? `Envío ${zonas ? 'desde ' : ''}${pesos(envio)}`
        : zonas
          ? 'Envío según tu colonia'
          : 'Envío gratis',
    );
  }
  filas.push(
    entrega.domicilio && entrega.recoger
      ? 'A domicilio o para recoger'
      : entrega.domicilio
        ? 'Solo a domicilio'
        : 'Solo para recoger en la tienda',
  );
  const metodos = [
    pagos.efectivo && 'efectivo',
    pagos.terminal && 'tarjeta (terminal)',
    pagos.transferencia && `transferencia (${pagos.transferencia.banco})`,
  ].filter(Boolean);
  filas.push(`Pago: ${metodos.join(', ')}`);
  return filas;
}

/** The compact row under the shop's header with its conditions. */
export function TiendaInfo({ tienda }: { tienda: TiendaPublica }) {
  return (
    <ul
      aria-label="Condiciones de compra"
      className="mb-4 flex flex-wrap gap-1.5 text-sm text-stone-800"
    >
      {condicionesDeTienda(tienda).map((texto) => (
        <li key={texto} className="rounded-full bg-stone-100 px-2.5 py-1 [overflow-wrap:anywhere]">
          {texto}
        </li>
      ))}
    </ul>
  );
}

const ENLACE =
  'inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-4 font-semibold text-marca-700';

/**
 * Where the shop is and how to call it, when the owner set them: the address, "Cómo llegar" (a
 * maps search, in a new tab) and "Llamar" (docs/shop-pages.md, "The menu"). Kept tiny: it is in
 * the shop page's first download.
 */
export function TiendaContacto({ tienda }: { tienda: TiendaPublica }) {
  const mapa = enlaceMapa(tienda);
  const llamar = enlaceLlamar(tienda.telefono);
  if (!mapa && !llamar) return null;
  return (
    <address className="mb-4 flex flex-wrap items-center gap-2 text-sm not-italic">
      {tienda.direccion && <p className="w-full [overflow-wrap:anywhere]">{tienda.direccion}</p>}
      {mapa && (
        <a href={mapa} target="_blank" rel="noopener" className={ENLACE}>
          Cómo llegar
        </a>
      )}
      {llamar && (
        <a href={llamar} className={ENLACE}>
          Llamar
        </a>
      )}
    </address>
  );
}

export default TiendaInfo;
