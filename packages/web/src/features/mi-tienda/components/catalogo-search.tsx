import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BUSQUEDA_MIN, searchProductos, type ProductoDeTienda } from './catalogo-productos';

/** The owner's product search on /mitienda: each result opens its product form. */
export function CatalogoSearch(props: { productos: readonly ProductoDeTienda[] }) {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const resultsId = useId();
  const active = query.trim().length >= BUSQUEDA_MIN;
  const results = active ? searchProductos(props.productos, query) : [];
  return (
    <div role="search" className="mb-4">
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        Buscar productos
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
        />
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setQuery('');
          }}
          placeholder="Buscar productos..."
          autoComplete="off"
          aria-controls={active ? resultsId : undefined}
          className="min-h-11 w-full rounded-lg border border-stone-400 bg-white py-2 pr-3 pl-10 text-base"
        />
      </div>
      {active && (
        <div id={resultsId} className="mt-2 rounded-xl border border-stone-200 bg-white shadow-sm">
          <p role="status" className="sr-only">
            {results.length === 1 ? '1 resultado' : `${results.length} resultados`}
          </p>
          {results.length === 0 ? (
            <p className="px-4 py-3 text-stone-700">No se encontraron productos</p>
          ) : (
            <ul aria-label="Resultados de la búsqueda" className="max-h-72 overflow-y-auto py-1">
              {results.map((producto) => (
                <li key={producto.id}>
                  <Link
                    to={`/producto-form/${producto.id}`}
                    state={{ producto }}
                    className="flex min-h-11 items-center justify-between gap-2 px-4 py-2 hover:bg-stone-100"
                  >
                    <span className="min-w-0 break-words">{producto.name}</span>
                    {!producto.activarODesactivar && (
                      <span className="shrink-0 rounded bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">
                        Desactivado
                      </span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
