import { useMiTienda, type MiTienda } from '../api/get-mi-tienda';

export type EstadoDeTienda = 'EN_LINEA' | 'PENDIENTE' | 'DESACTIVADA' | 'FUERA_DE_LINEA';

export const ESTADO_DE_TIENDA_TEXTO: Record<EstadoDeTienda, string> = {
  EN_LINEA: 'En línea',
  PENDIENTE: 'Pendiente de aprobación',
  DESACTIVADA: 'Desactivada',
  FUERA_DE_LINEA: 'Fuera de línea',
};

const PUNTO: Record<EstadoDeTienda, string> = {
  EN_LINEA: 'bg-green-600',
  PENDIENTE: 'bg-amber-500',
  DESACTIVADA: 'bg-red-700',
  FUERA_DE_LINEA: 'bg-stone-400',
};

/**
 * The shop's true state as shoppers meet it. Online means what makes a shop public (docs/api.md,
 * "Shops, catalogue, hours"): approved by an admin, activated, configured, with an active product
 * in a category that still exists. A shop the admin has not approved yet is not online however
 * ready it is, so it says so rather than "En línea".
 */
export function estadoDeTienda(
  t: Pick<MiTienda, 'approved' | 'activarODesactivar' | 'configured' | 'deleted' | 'categorias'>,
): EstadoDeTienda {
  if (t.deleted) return 'FUERA_DE_LINEA';
  if (!t.approved) return 'PENDIENTE';
  if (!t.activarODesactivar) return 'DESACTIVADA';
  const conProducto = t.categorias.some(
    (c) => !c.deleted && c.productos.some((p) => !p.deleted && p.activarODesactivar),
  );
  return t.configured && conProducto ? 'EN_LINEA' : 'FUERA_DE_LINEA';
}

/**
 * The state dot on the owner's home button (docs/api.md, "Texts and forms"), with its words for
 * screen readers and as a tooltip. Nothing is drawn until the shop is known.
 */
export default function AjustesEstadoTienda() {
  const { data } = useMiTienda();
  if (!data) return null;
  const estado = estadoDeTienda(data);
  const texto = ESTADO_DE_TIENDA_TEXTO[estado];
  return (
    <span className="absolute top-1 right-2 flex items-center" title={texto}>
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ring-2 ring-white ${PUNTO[estado]}`}
      />
      <span className="sr-only">{texto}</span>
    </span>
  );
}
