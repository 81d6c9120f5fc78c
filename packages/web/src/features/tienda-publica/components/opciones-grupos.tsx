import { formatPesos, pesosToCentavos, type GrupoVista } from '@tianguis/domain';
import { useId } from 'react';

// A product's option groups as the shopper sees them: the options sheet and the product page
// (opciones-form.tsx) and the owner's live preview in the product form share it. Only lazy
// chunks import it, so the shop page's first download does not grow.

/** What a group asks for, next to its name. */
export function reglaDeGrupo(g: Pick<GrupoVista, 'minimo' | 'maximo'>): string {
  if (g.minimo === g.maximo) return `Elige ${g.minimo}`;
  if (g.minimo === 0) return `Elige hasta ${g.maximo}`;
  return `Elige de ${g.minimo} a ${g.maximo}`;
}

function extraTexto(precioExtra: number): string {
  return precioExtra > 0 ? `+${formatPesos(pesosToCentavos(precioExtra))}` : '';
}

/**
 * A product's option groups (docs/api.md, "Product options"), each with its rule (required ones
 * marked 'Obligatorio'): radio buttons where one option is allowed and check boxes otherwise
 * (the rest switched off at the maximum).
 */
export function OpcionesGrupos(props: {
  grupos: readonly GrupoVista[];
  elegidas: Record<number, number[]>;
  onChoose: (grupo: GrupoVista, opcionId: number | undefined, marcada: boolean) => void;
}) {
  // Radio buttons group by name across the document: one prefix per form.
  const nombre = useId();
  return props.grupos.map((grupo) => {
    const actuales = props.elegidas[grupo.id] ?? [];
    const radio = grupo.maximo === 1;
    const lleno = actuales.length >= grupo.maximo;
    return (
      <fieldset key={grupo.id} className="mb-4 rounded-xl border border-stone-200 p-3">
        <legend className="px-1 font-semibold [overflow-wrap:anywhere]">
          {grupo.nombre}{' '}
          <span className="text-sm font-normal text-stone-700">{reglaDeGrupo(grupo)}</span>
          {grupo.minimo > 0 && (
            <span className="ml-2 rounded-full bg-marca-100 px-2 py-0.5 text-xs font-semibold text-marca-700">
              Obligatorio
            </span>
          )}
        </legend>
        {radio && grupo.minimo === 0 && (
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name={`${nombre}-${grupo.id}`}
              checked={actuales.length === 0}
              onChange={() => props.onChoose(grupo, undefined, true)}
              className="size-5"
            />
            <span>Ninguna</span>
          </label>
        )}
        {grupo.opciones.map((opcion) => {
          const marcada = actuales.includes(opcion.id);
          return (
            <label key={opcion.id} className="flex min-h-11 items-center gap-3">
              <input
                type={radio ? 'radio' : 'checkbox'}
                name={`${nombre}-${grupo.id}`}
                checked={marcada}
                disabled={!radio && !marcada && lleno}
                onChange={(event) => props.onChoose(grupo, opcion.id, event.target.checked)}
                className="size-5"
              />
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{opcion.nombre}</span>
              {/* A space, so the name reads 'Harina +$ 5.00'. */}{' '}
              {opcion.precioExtra > 0 && (
                <span className="text-stone-700">{extraTexto(opcion.precioExtra)}</span>
              )}
            </label>
          );
        })}
      </fieldset>
    );
  });
}
