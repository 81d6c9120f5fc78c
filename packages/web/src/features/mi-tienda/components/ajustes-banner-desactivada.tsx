import { CircleOff } from 'lucide-react';
import { useMiTienda, type MiTienda } from '../api/get-mi-tienda';
import { ajustesMessages } from './ajustes-tareas';

/**
 * The red 'Tienda desactivada' banner (docs/api.md, "Texts and forms") for any owner screen. Given
 * the shop it only draws; without it, it reads the owner's shop from the shared cache.
 */
export default function AjustesBannerDesactivada(props: {
  tienda?: Pick<MiTienda, 'activarODesactivar'>;
}) {
  const own = useMiTienda(props.tienda === undefined);
  const tienda = props.tienda ?? own.data;
  if (!tienda || tienda.activarODesactivar) return null;
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-2 rounded-lg bg-red-700 px-4 py-3 font-semibold text-white"
    >
      <CircleOff aria-hidden="true" className="size-5 shrink-0" />
      {ajustesMessages.tiendaDesactivada}
    </p>
  );
}
