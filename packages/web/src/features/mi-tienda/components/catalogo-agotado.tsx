import { useState } from 'react';
import { setProductoAgotado } from '../api/set-producto-agotado';
import type { ProductoDeTienda } from './catalogo-productos';

/**
 * "Agotado hoy" on the owner's product card: one tap marks it sold out until the end of today
 * (the shop's day), another puts it back on sale. A refusal is shown in the card.
 */
export function AgotadoToggle({ producto }: { producto: ProductoDeTienda }) {
  const [enCurso, setEnCurso] = useState(false);
  const [error, setError] = useState<string>();
  const agotado = producto.agotado === true;
  const cambiar = async () => {
    setEnCurso(true);
    setError(undefined);
    try {
      await setProductoAgotado(producto.id, !agotado);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'No se pudo cambiar. Inténtalo de nuevo.');
    } finally {
      setEnCurso(false);
    }
  };
  return (
    <div className="mt-2">
      <button
        type="button"
        aria-pressed={agotado}
        aria-label={`Agotado hoy: ${producto.name}`}
        aria-busy={enCurso || undefined}
        disabled={enCurso}
        onClick={() => void cambiar()}
        className={`inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border px-2 text-sm font-semibold disabled:opacity-60 ${agotado ? 'border-amber-600 bg-amber-100 text-amber-950' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-4 rounded-sm border-2 ${agotado ? 'border-amber-700 bg-amber-600' : 'border-stone-500'}`}
        />
        Agotado hoy
      </button>
      {error && (
        <p role="alert" className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
