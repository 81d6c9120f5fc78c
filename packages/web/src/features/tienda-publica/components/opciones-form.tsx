import {
  CANTIDAD_MAXIMA_POR_LINEA,
  pesosToCentavos,
  chooseOpciones,
  formatPesos,
  NOTA_LINEA_MAX,
  type GrupoVista,
} from '@tianguis/domain';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { gruposDef, type NuevaLinea, CantidadStepper } from '../../carrito';
import type { ProductoPublico } from '../../../lib/tienda-publica/get-tienda-publica';
import { OpcionesGrupos } from './opciones-grupos';

/**
 * Choosing a product's options and adding it: the groups, a note for the shop, the quantity,
 * and the add button with the price as chosen, enabled once the choice meets every group's rule
 * (the domain's chooseOpciones, the server's own check); until then the button says what is
 * missing. The options sheet and the product page both show it.
 */
export function OpcionesForm(props: {
  producto: ProductoPublico;
  /** Resolves with the refusal's message (shown here), or undefined once added. */
  onAdd: (linea: NuevaLinea, cantidad: number) => Promise<string | undefined>;
  onAgregado?: () => void;
  /** The button's text, from the total as chosen ('$ 30.00'). */
  boton: (total: string) => ReactNode;
  botonClassName?: string;
}) {
  const { producto } = props;
  const grupos = producto.grupos ?? [];
  const faltaId = useId();
  const notaId = useId();
  const [elegidas, setElegidas] = useState<Record<number, number[]>>({});
  const [nota, setNota] = useState('');
  const [cantidad, setCantidad] = useState(1);
  const [enviando, setEnviando] = useState(false);
  const [error, setError] = useState<string>();

  const ids = grupos.flatMap((g) => elegidas[g.id] ?? []);
  const eleccion = chooseOpciones(gruposDef(grupos), ids);
  let extra = 0;
  for (const g of grupos)
    for (const o of g.opciones) if (ids.includes(o.id)) extra += pesosToCentavos(o.precioExtra);
  const total = (pesosToCentavos(producto.price) + extra) * cantidad;

  function elegir(grupo: GrupoVista, opcionId: number | undefined, marcada: boolean) {
    setElegidas((antes) => {
      const actuales = antes[grupo.id] ?? [];
      let nuevas: number[];
      if (grupo.maximo === 1) nuevas = opcionId === undefined ? [] : [opcionId];
      else if (marcada) nuevas = opcionId === undefined ? actuales : [...actuales, opcionId];
      else nuevas = actuales.filter((id) => id !== opcionId);
      return { ...antes, [grupo.id]: nuevas };
    });
  }

  async function agregar() {
    if (!eleccion.ok || enviando) return;
    setEnviando(true);
    setError(undefined);
    const rechazo = await props.onAdd(
      { productoId: producto.id, opciones: ids, nota: nota.trim() || null },
      cantidad,
    );
    setEnviando(false);
    if (rechazo === undefined) props.onAgregado?.();
    else setError(rechazo);
  }

  return (
    <>
      <OpcionesGrupos grupos={grupos} elegidas={elegidas} onChoose={elegir} />

      <label htmlFor={notaId} className="mb-1 block font-medium">
        Nota para la tienda (opcional)
      </label>
      <textarea
        id={notaId}
        value={nota}
        maxLength={NOTA_LINEA_MAX}
        placeholder="Ej. sin cebolla"
        rows={2}
        onChange={(event) => setNota(event.target.value)}
        className="w-full rounded-lg border border-stone-300 p-2"
      />
      <p className="mb-3 text-right text-sm text-stone-700">
        {nota.length}/{NOTA_LINEA_MAX}
      </p>

      {!eleccion.ok && (
        <p id={faltaId} className="mb-2 scroll-mt-20 text-sm font-medium text-amber-900">
          {eleccion.message}
        </p>
      )}
      {error && (
        <p role="alert" className="mb-2 scroll-mt-20 rounded-lg bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CantidadStepper
          nombre={producto.name}
          cantidad={cantidad}
          minimo={1}
          maximo={CANTIDAD_MAXIMA_POR_LINEA}
          onChange={setCantidad}
        />
        <Button
          className={`flex-1 ${props.botonClassName ?? ''}`}
          disabled={!eleccion.ok || enviando}
          aria-busy={enviando || undefined}
          aria-describedby={eleccion.ok ? undefined : faltaId}
          onClick={() => void agregar()}
        >
          {props.boton(formatPesos(total))}
        </Button>
      </div>
    </>
  );
}
