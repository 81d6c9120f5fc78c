import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';

export const cargarAnterioresMessages = {
  boton: 'Cargar pedidos anteriores',
  cargando: 'Cargando pedidos anteriores…',
  cargados: (n: number) =>
    n === 0
      ? 'No hay pedidos anteriores'
      : n === 1
        ? 'Se cargó 1 pedido anterior'
        : `Se cargaron ${n} pedidos anteriores`,
  todos: 'Ya se muestran todos los pedidos de tu tienda',
} as const;

/**
 * The foot of the owner's board: reads the next older page of orders. The button never goes
 * disabled while loading (aria-disabled instead), so a keyboard user keeps focus on it; what
 * happens is announced in a polite live region, and a failure in an alert beside the button.
 * When nothing older is left the button goes and focus moves to the sentence that says so.
 */
export function CargarAnteriores(props: {
  hayMas: boolean;
  cargando: boolean;
  error: Error | undefined;
  /** Older pages were read in this session (so "all shown" is worth saying). */
  cargados: boolean;
  onLoad: () => Promise<number | undefined>;
}) {
  const { hayMas, cargando, error, cargados, onLoad } = props;
  const [aviso, setAviso] = useState('');
  // Set by a load the person asked for: the "all shown" sentence it makes appear takes the
  // focus the vanished button had.
  const enfocarFin = useRef(false);

  if (!hayMas && !cargados) return null;

  const cargar = async () => {
    if (cargando) return;
    setAviso(cargarAnterioresMessages.cargando);
    enfocarFin.current = true;
    const n = await onLoad();
    if (n === undefined) enfocarFin.current = false;
    setAviso(n === undefined ? '' : cargarAnterioresMessages.cargados(n));
  };

  return (
    <div className="mt-4 flex flex-col items-center gap-2 text-center">
      <p role="status" className="text-sm text-stone-700">
        {aviso}
      </p>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900">
          {error.message}
        </p>
      )}
      {hayMas ? (
        <Button
          variant="secondary"
          aria-disabled={cargando || undefined}
          aria-busy={cargando || undefined}
          onClick={() => void cargar()}
        >
          {cargando ? cargarAnterioresMessages.cargando : cargarAnterioresMessages.boton}
        </Button>
      ) : (
        <p
          ref={(el) => {
            if (!el || !enfocarFin.current) return;
            enfocarFin.current = false;
            el.focus();
          }}
          tabIndex={-1}
          className="text-sm text-stone-700 outline-none"
        >
          {cargarAnterioresMessages.todos}
        </p>
      )}
    </div>
  );
}
