import { formatPesos, pesosToCentavos } from '@tianguis/domain';
import { AgotadoToggle } from './catalogo-agotado';
import { CatalogoEditarEnlace } from './catalogo-editar-enlace';
import { CatalogoImagen } from './catalogo-imagen';
import type { ProductoDeTienda } from './catalogo-productos';

export function formatPrecio(price: number): string {
  return formatPesos(pesosToCentavos(price));
}

/**
 * Product cards for the owner: picture, name, price, 'Desactivado' and 'Agotado hoy' marks, the
 * sold-out switch one tap away, an edit link.
 */
export function CatalogoProductoList(props: { productos: readonly ProductoDeTienda[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {props.productos.map((producto) => {
        const inactivo = !producto.activarODesactivar;
        const agotado = producto.agotado === true;
        return (
          <li
            key={producto.id}
            className={`relative overflow-hidden rounded-xl border bg-white shadow-sm ${inactivo ? 'border-red-300' : 'border-stone-200'}`}
          >
            <div className={inactivo || agotado ? 'opacity-60 grayscale' : ''}>
              <CatalogoImagen src={producto.imageUrl} alt="" />
            </div>
            <div className="px-3 pt-2 pb-3">
              <p className="font-semibold break-words">{producto.name}</p>
              <p className="text-sm text-stone-700">{formatPrecio(producto.price)}</p>
              {inactivo && (
                <p className="mt-1 inline-block rounded bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">
                  Desactivado
                </p>
              )}
              {agotado && (
                <p className="mt-1 ml-1 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
                  Agotado
                </p>
              )}
              {!inactivo && <AgotadoToggle producto={producto} />}
            </div>
            <CatalogoEditarEnlace
              to={`/producto-form/${producto.id}`}
              state={{ producto }}
              label={`Editar producto ${producto.name}`}
            />
          </li>
        );
      })}
    </ul>
  );
}
