import { ZONA_HORARIA_POR_DEFECTO } from '@tianguis/domain';
import { useEffect, useMemo } from 'react';
import { usePantallaEncendida } from '../../features/alertas';
import { PantallaCocina, cocinaMessages } from '../../features/cocina';
import { useMiTienda } from '../../features/mi-tienda';
import { useAhora, useFuentePedidosEnVivo } from '../../features/pedidos-tienda';

/**
 * /cocina, the kitchen display (docs/web-screens.md, "The kitchen display"), for every role of
 * the shop: the accepted orders as tickets with one "Listo" each, kept current by the shop's
 * live stream (joined here: a cook has no owner's alerts to open it), the minutes left kept
 * current, and the screen kept on while it is open. The full width of a tablet.
 */
export default function CocinaScreen() {
  const pedidos = useFuentePedidosEnVivo();
  const tienda = useMiTienda();
  const timeZone = tienda.data?.timeZone ?? ZONA_HORARIA_POR_DEFECTO;
  const pantallaEncendida = usePantallaEncendida();
  // Read every 15 s, so 'Faltan 8 min' is never most of a minute behind (the board's cards
  // count by the minute: their 'hace 12 min' can afford it, a countdown cannot).
  // Read again when the orders change too: a ticket that has just arrived counts from now, not
  // from the last tick ('Faltan 15 min' for an order accepted for 15, never 16).
  const reloj = useAhora(15_000, pedidos.data);
  const now = useMemo(() => new Date(reloj), [reloj]);
  useEffect(() => {
    document.title = `${cocinaMessages.titulo} · Tianguis`;
  }, []);
  return (
    <div className="w-full px-3 pt-3 pb-28 sm:px-4">
      <PantallaCocina
        pedidos={pedidos.data}
        error={pedidos.error}
        conexion={pedidos.conexion}
        actualizando={pedidos.isFetching}
        onRefresh={() => void pedidos.refetch()}
        now={now}
        timeZone={timeZone}
        pantallaEncendida={pantallaEncendida}
      />
    </div>
  );
}
