import { pesosToCentavos, formatPesos } from '@tianguis/domain';
import { Plus, Search } from 'lucide-react';
import { useId, useState } from 'react';
import type { ProductoDeMiTienda } from '../../mi-tienda';
import { searchProductos, pedidoManualMessages, hasOpciones } from '../logic/pedido-manual-values';

/**
 * The owner's catalogue to pick from: a search box over the names (accents and case aside) and
 * one button per product; a tap adds one, or opens its options first. Sold-out products stay in
 * the list, switched off, so the owner can tell the shopper at once.
 */
export function ProductoPicker(props: {
  productos: readonly ProductoDeMiTienda[];
  onChoose: (producto: ProductoDeMiTienda) => void;
}) {
  const [texto, setTexto] = useState('');
  const buscarId = useId();
  const resultadosId = useId();
  const encontrados = searchProductos(props.productos, texto);
  return (
    <div className="mb-4">
      <label htmlFor={buscarId} className="mb-1 block font-medium">
        Buscar producto
      </label>
      <div className="relative mb-2">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
        />
        <input
          id={buscarId}
          type="search"
          value={texto}
          autoComplete="off"
          aria-controls={resultadosId}
          onChange={(event) => setTexto(event.target.value)}
          className="min-h-11 w-full rounded-lg border border-stone-400 bg-white py-2 pr-3 pl-10 text-base"
        />
      </div>
      <ul
        id={resultadosId}
        aria-label="Productos"
        className="max-h-72 divide-y divide-stone-200 overflow-y-auto rounded-xl border border-stone-200 bg-white"
      >
        {encontrados.map((p) => {
          const agotado = p.agotado === true;
          return (
            <li key={p.id}>
              <button
                type="button"
                disabled={agotado}
                aria-label={`Agregar ${p.name}${agotado ? ` (${pedidoManualMessages.agotado})` : ''}`}
                onClick={() => props.onChoose(p)}
                className="flex min-h-12 w-full items-center gap-3 px-3 py-2 text-left hover:bg-marca-50 disabled:cursor-not-allowed disabled:bg-stone-50 disabled:text-stone-500"
              >
                <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                  {p.name}
                  {hasOpciones(p) && (
                    <span className="block text-xs text-stone-600">Con opciones</span>
                  )}
                </span>
                {agotado ? (
                  <span className="text-sm font-semibold">{pedidoManualMessages.agotado}</span>
                ) : (
                  <>
                    <span className="text-stone-800">{formatPesos(pesosToCentavos(p.price))}</span>
                    <Plus aria-hidden="true" className="size-5 text-marca-700" />
                  </>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {encontrados.length === 0 && (
        <p role="status" className="mt-2 text-stone-700">
          {pedidoManualMessages.sinResultados(texto.trim())}
        </p>
      )}
    </div>
  );
}
