import { enlaceLlamar, type PedidoVista } from '@tianguis/domain';
import { MapPin, Phone } from 'lucide-react';

const BOTON =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-marca-700 hover:bg-stone-100';

/**
 * Where a pickup order is collected (docs/web-screens.md, "Pickup: where and how to call"):
 * "Recoger en <tienda>", its address, "Cómo llegar" (maps, in a new tab) and "Llamar", each only
 * when the shop set it. Nothing for delivery, or an answer without `recogerEn`.
 */
export function RecogerEn({ pedido }: { pedido: PedidoVista }) {
  const lugar = pedido.entrega.tipo === 'RECOGER' ? pedido.recogerEn : null;
  if (!lugar) return null;
  const llamar = enlaceLlamar(lugar.telefono);
  return (
    <div className="mt-1 space-y-2 rounded-lg bg-stone-100 p-3">
      <p className="font-semibold break-words">Recoger en {pedido.nombreTienda}</p>
      {lugar.direccion && <p className="break-words text-stone-800">{lugar.direccion}</p>}
      {(lugar.mapa || llamar) && (
        <div className="flex flex-wrap gap-2">
          {lugar.mapa && (
            <a href={lugar.mapa} target="_blank" rel="noopener" className={BOTON}>
              <MapPin aria-hidden="true" />
              Cómo llegar
            </a>
          )}
          {llamar && (
            <a href={llamar} className={BOTON}>
              <Phone aria-hidden="true" />
              Llamar
            </a>
          )}
        </div>
      )}
    </div>
  );
}
