import { isTiendaEnLinea, useMiTienda } from '../api/get-mi-tienda';

/**
 * The online/offline dot on the owner's home button (store-owner spec, section 2): online only
 * when configured, with a product, and activated. Nothing is drawn until the shop is known.
 */
export default function AjustesEstadoTienda() {
  const { data } = useMiTienda();
  if (!data) return null;
  const enLinea = isTiendaEnLinea(data);
  return (
    <span className="absolute top-1 right-2 flex items-center">
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ring-2 ring-white ${enLinea ? 'bg-green-600' : 'bg-stone-400'}`}
      />
      <span className="sr-only">{enLinea ? 'En línea' : 'Fuera de línea'}</span>
    </span>
  );
}
