import { Search } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import {
  useTiendaPublica,
  type TiendaPublica,
} from '../../../lib/tienda-publica/get-tienda-publica';
import {
  BUSQUEDA_MINIMA,
  searchProductos,
  productoPath,
  type ProductoNavState,
} from '../../../lib/tienda-publica/catalogo';
import { precioTexto } from '../logic/precio';

export const SEARCH_LABEL = 'Buscar productos...';

/**
 * The top bar's product search on a shop's pages (docs/web-screens.md, "Shop pages"): from 2
 * characters, a
 * case-insensitive match on product names; each result leads to the product's detail page.
 * ArrowDown moves into the results, Escape closes them.
 */
export default function ProductSearch({ usuario }: { usuario: string }) {
  const { data, isLoading, error } = useTiendaPublica(usuario);
  return <ProductSearchBox usuario={usuario} tienda={data?.tienda} loading={isLoading && !error} />;
}

/** The box itself, fed with the shop (kept apart so it can be shown with any data). */
export function ProductSearchBox(props: {
  usuario: string;
  tienda: TiendaPublica | undefined;
  loading?: boolean;
}) {
  const { usuario, tienda } = props;
  const [texto, setTexto] = useState('');
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const { pathname } = useLocation();

  const resultados = useMemo(() => (tienda ? searchProductos(tienda, texto) : []), [tienda, texto]);
  const buscando = texto.trim().length >= BUSQUEDA_MINIMA;
  const visible = open && buscando;

  // Following a result (or any navigation) closes the list and clears the box.
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
    setTexto('');
  }

  function focusResult(index: number) {
    const links = listRef.current?.querySelectorAll<HTMLAnchorElement>('a');
    if (!links || links.length === 0) return;
    const clamped = Math.max(0, Math.min(index, links.length - 1));
    links[clamped]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && visible) {
      event.preventDefault();
      // Focus first: focusing the box reopens the list, and the close must come after.
      inputRef.current?.focus();
      setOpen(false);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    if (!visible || resultados.length === 0) return;
    const links = Array.from(listRef.current?.querySelectorAll('a') ?? []);
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    event.preventDefault();
    if (event.key === 'ArrowDown') focusResult(current + 1);
    else if (current <= 0) inputRef.current?.focus();
    else focusResult(current - 1);
  }

  let estado: string;
  if (!buscando) estado = '';
  else if (!tienda) estado = props.loading ? 'Cargando productos…' : 'No hay productos';
  else if (resultados.length === 0) estado = `No hay productos que coincidan con «${texto.trim()}»`;
  else if (resultados.length === 1) estado = '1 producto encontrado';
  else estado = `${resultados.length} productos encontrados`;

  return (
    <div
      role="search"
      className="relative w-full max-w-md"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
      />
      <input
        ref={inputRef}
        type="search"
        value={texto}
        onChange={(event) => {
          setTexto(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        placeholder={SEARCH_LABEL}
        aria-label={SEARCH_LABEL}
        aria-describedby={visible ? `${listId}-estado` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        className="min-h-10 w-full rounded-full border border-stone-300 bg-white py-2 pr-3 pl-9 text-base"
      />
      {visible && (
        <div
          // Keeps the focus in the box while a result is clicked, so the list doesn't close
          // before the click lands (browsers that don't focus links on click). On a phone the
          // list takes the screen's width: the box itself is narrow between the bar's buttons.
          onMouseDown={(event) => event.preventDefault()}
          className="fixed inset-x-2 top-14 z-40 max-h-[70vh] overflow-y-auto rounded-xl border border-stone-200 bg-white shadow-lg sm:absolute sm:inset-x-0 sm:top-full sm:mt-1"
        >
          <p
            id={`${listId}-estado`}
            role="status"
            className={resultados.length > 0 ? 'sr-only' : 'px-4 py-3 text-sm text-stone-700'}
          >
            {estado}
          </p>
          {resultados.length > 0 && (
            <ul ref={listRef} id={listId} aria-label="Resultados de la búsqueda">
              {resultados.map(({ producto, categoria }) => {
                const state: ProductoNavState = { producto };
                return (
                  <li key={producto.id}>
                    <Link
                      to={productoPath(usuario, categoria, producto)}
                      state={state}
                      onClick={() => setOpen(false)}
                      className="flex items-baseline justify-between gap-3 px-4 py-3 hover:bg-stone-100 focus:bg-stone-100"
                    >
                      <span className="min-w-0">
                        <span className="block font-medium break-words">{producto.name}</span>
                        <span className="block text-sm text-stone-600">{categoria.title}</span>
                      </span>
                      <span className="shrink-0 font-semibold text-marca-700">
                        {precioTexto(producto.price)}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
