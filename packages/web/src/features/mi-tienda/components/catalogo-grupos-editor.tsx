import { GRUPOS_MAX, NOMBRE_OPCION_MAX, OPCIONES_POR_GRUPO_MAX } from '@tianguis/domain';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { Button, IconButton } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import {
  filterPrecioExtra,
  move,
  nuevaOpcion,
  nuevoGrupo,
  type GrupoForm,
  type GruposError,
  type OpcionForm,
} from './catalogo-grupos';
import { ReglaDelGrupo, VistaPreviaGrupo } from './catalogo-grupo-regla';

const inputClass =
  'min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700';

function Campo({
  label,
  invalid,
  className = '',
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: string; invalid?: boolean }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input id={id} aria-invalid={invalid || undefined} className={inputClass} {...rest} />
    </div>
  );
}

/** Where focus goes after a change that moved or removed the focused control. */
type Foco = string | undefined;

/**
 * The option groups of a product ("Tortilla": choose 1; "Extras": up to 2), in the order the
 * shopper will see them: add, move up or down, and remove groups and their options. Every
 * control is named for screen readers with its group or option; after a move the focus stays on
 * the moved item's button, after a removal it goes to a neighbour.
 */
export function CatalogoGruposEditor(props: {
  grupos: GrupoForm[];
  onChange: (grupos: GrupoForm[]) => void;
  error?: GruposError;
  disabled?: boolean;
}) {
  const { grupos, onChange, error } = props;
  const raiz = useRef<HTMLDivElement>(null);
  const [foco, setFoco] = useState<Foco>();

  useEffect(() => {
    if (!foco || !raiz.current) return;
    const candidatos = foco.split('|');
    for (const c of candidatos) {
      const el = raiz.current.querySelector<HTMLElement>(`[data-foco="${c}"]`);
      if (el && !(el as HTMLButtonElement).disabled) {
        el.focus();
        break;
      }
    }
    setFoco(undefined);
  }, [foco]);

  // Focus the broken rule's field when a save is refused.
  useEffect(() => {
    if (!error || error.grupo === undefined || !raiz.current) return;
    const g = grupos[error.grupo];
    if (!g) return;
    const o = error.opcion !== undefined ? g.opciones[error.opcion] : undefined;
    const target = o
      ? `${g.key}.${o.key}.${error.campo ?? 'nombre'}`
      : `${g.key}.${error.campo ?? 'nombre'}`;
    // Mínimo and Máximo show only under "Otra regla": otherwise N, or the choice, stands for them.
    for (const foco of [target, `${g.key}.numero`, `${g.key}.cuantas`]) {
      const el = raiz.current.querySelector<HTMLElement>(`[data-foco="${foco}"]`);
      if (el) {
        el.focus();
        break;
      }
    }
    // Only a new refusal moves the focus, not the owner's typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  const setGrupo = (index: number, patch: Partial<GrupoForm>) =>
    onChange(grupos.map((g, i) => (i === index ? { ...g, ...patch } : g)));

  const setOpcion = (gi: number, oi: number, patch: Partial<OpcionForm>) => {
    const g = grupos[gi];
    if (!g) return;
    setGrupo(gi, { opciones: g.opciones.map((o, i) => (i === oi ? { ...o, ...patch } : o)) });
  };

  const agregarGrupo = () => {
    const nuevo = nuevoGrupo();
    onChange([...grupos, nuevo]);
    setFoco(`${nuevo.key}.nombre`);
  };

  const moverGrupo = (index: number, paso: -1 | 1) => {
    const g = grupos[index];
    if (!g) return;
    onChange(move(grupos, index, paso));
    const otro = paso === -1 ? 'subir' : 'bajar';
    const contrario = paso === -1 ? 'bajar' : 'subir';
    setFoco(`${g.key}.${otro}|${g.key}.${contrario}`);
  };

  const quitarGrupo = (index: number) => {
    const vecino = grupos[index + 1] ?? grupos[index - 1];
    onChange(grupos.filter((_, i) => i !== index));
    setFoco(vecino ? `${vecino.key}.nombre` : 'agregar-grupo');
  };

  const agregarOpcion = (gi: number) => {
    const g = grupos[gi];
    if (!g) return;
    const nueva = nuevaOpcion();
    setGrupo(gi, { opciones: [...g.opciones, nueva] });
    setFoco(`${g.key}.${nueva.key}.nombre`);
  };

  const moverOpcion = (gi: number, oi: number, paso: -1 | 1) => {
    const g = grupos[gi];
    const o = g?.opciones[oi];
    if (!g || !o) return;
    setGrupo(gi, { opciones: move(g.opciones, oi, paso) });
    const base = `${g.key}.${o.key}`;
    setFoco(paso === -1 ? `${base}.subir|${base}.bajar` : `${base}.bajar|${base}.subir`);
  };

  const quitarOpcion = (gi: number, oi: number) => {
    const g = grupos[gi];
    if (!g) return;
    const vecino = g.opciones[oi + 1] ?? g.opciones[oi - 1];
    setGrupo(gi, { opciones: g.opciones.filter((_, i) => i !== oi) });
    setFoco(vecino ? `${g.key}.${vecino.key}.nombre` : `${g.key}.agregar-opcion`);
  };

  return (
    <section aria-labelledby="grupos-titulo" className="mb-4" ref={raiz}>
      <h2 id="grupos-titulo" className="mb-1 text-lg font-bold">
        Opciones del producto
      </h2>
      <p className="mb-3 text-sm text-stone-700">
        Por ejemplo «Tortilla» (obligatorio, solo una: maíz, harina +$5) o «Extras» (hasta 2: queso
        +$10). Cada grupo nuevo empieza como obligatorio y de solo una opción.
      </p>
      {grupos.length === 0 && (
        <p className="mb-3 rounded-lg border border-dashed border-stone-300 bg-white p-3 text-stone-700">
          Este producto no tiene opciones.
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {grupos.map((g, gi) => {
          const nombre = g.nombre.trim() || `Grupo ${gi + 1}`;
          const errorAqui = error && error.grupo === gi ? error : undefined;
          const invalido = (campo: string, oi?: number) =>
            errorAqui !== undefined &&
            errorAqui.opcion === oi &&
            (errorAqui.campo ?? (oi === undefined ? undefined : 'nombre')) === campo;
          return (
            <li key={g.key}>
              <fieldset
                disabled={props.disabled}
                className="rounded-xl border border-stone-300 bg-stone-50 p-3"
              >
                <legend className="px-1 font-semibold">
                  Grupo {gi + 1}
                  {g.nombre.trim() ? `: ${g.nombre.trim()}` : ''}
                </legend>
                <Campo
                  label="Nombre del grupo"
                  className="mb-3"
                  value={g.nombre}
                  maxLength={NOMBRE_OPCION_MAX}
                  autoComplete="off"
                  data-foco={`${g.key}.nombre`}
                  invalid={invalido('nombre')}
                  onChange={(e) => setGrupo(gi, { nombre: e.target.value })}
                />
                <ReglaDelGrupo
                  grupo={g}
                  invalido={
                    invalido('minimo') ? 'minimo' : invalido('maximo') ? 'maximo' : undefined
                  }
                  onChange={(nuevo) => onChange(grupos.map((x, i) => (i === gi ? nuevo : x)))}
                />
                <div className="mb-2 flex flex-wrap gap-1">
                  <IconButton
                    label={`Subir grupo ${nombre}`}
                    data-foco={`${g.key}.subir`}
                    disabled={gi === 0}
                    onClick={() => moverGrupo(gi, -1)}
                  >
                    <ArrowUp aria-hidden="true" className="size-5" />
                  </IconButton>
                  <IconButton
                    label={`Bajar grupo ${nombre}`}
                    data-foco={`${g.key}.bajar`}
                    disabled={gi === grupos.length - 1}
                    onClick={() => moverGrupo(gi, 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-5" />
                  </IconButton>
                  <IconButton
                    label={`Quitar grupo ${nombre}`}
                    className="text-red-800"
                    onClick={() => quitarGrupo(gi)}
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                  </IconButton>
                </div>
                {errorAqui && (
                  <p role="alert" className="mb-2 text-sm font-medium text-red-700">
                    {errorAqui.message}
                  </p>
                )}
                <ul aria-label={`Opciones de ${nombre}`} className="flex flex-col gap-2">
                  {g.opciones.map((o, oi) => {
                    const nombreOpcion = o.nombre.trim() || `opción ${oi + 1}`;
                    const base = `${g.key}.${o.key}`;
                    return (
                      <li
                        key={o.key}
                        className="rounded-lg border border-stone-200 bg-white p-2"
                        aria-label={`Opción ${oi + 1}: ${nombreOpcion}`}
                      >
                        <div className="flex flex-wrap items-end gap-2">
                          <Campo
                            label="Nombre de la opción"
                            className="min-w-36 flex-1"
                            value={o.nombre}
                            maxLength={NOMBRE_OPCION_MAX}
                            autoComplete="off"
                            data-foco={`${base}.nombre`}
                            invalid={invalido('nombre', oi)}
                            onChange={(e) => setOpcion(gi, oi, { nombre: e.target.value })}
                          />
                          <Campo
                            label="Precio extra (pesos)"
                            className="w-32"
                            inputMode="decimal"
                            autoComplete="off"
                            placeholder="0.00"
                            value={o.precioExtra}
                            data-foco={`${base}.precioExtra`}
                            invalid={invalido('precioExtra', oi)}
                            onChange={(e) =>
                              setOpcion(gi, oi, {
                                precioExtra: filterPrecioExtra(o.precioExtra, e.target.value),
                              })
                            }
                          />
                        </div>
                        <div className="mt-1 flex flex-wrap items-center gap-1">
                          <label className="mr-auto inline-flex min-h-11 cursor-pointer items-center gap-2 px-1">
                            <input
                              type="checkbox"
                              checked={o.activo}
                              aria-label={`Activa: ${nombreOpcion}`}
                              onChange={(e) => setOpcion(gi, oi, { activo: e.target.checked })}
                              className="size-5 accent-marca-600"
                            />
                            Activa
                          </label>
                          <IconButton
                            label={`Subir opción ${nombreOpcion}`}
                            data-foco={`${base}.subir`}
                            disabled={oi === 0}
                            onClick={() => moverOpcion(gi, oi, -1)}
                          >
                            <ArrowUp aria-hidden="true" className="size-5" />
                          </IconButton>
                          <IconButton
                            label={`Bajar opción ${nombreOpcion}`}
                            data-foco={`${base}.bajar`}
                            disabled={oi === g.opciones.length - 1}
                            onClick={() => moverOpcion(gi, oi, 1)}
                          >
                            <ArrowDown aria-hidden="true" className="size-5" />
                          </IconButton>
                          <IconButton
                            label={`Quitar opción ${nombreOpcion}`}
                            className="text-red-800"
                            onClick={() => quitarOpcion(gi, oi)}
                          >
                            <Trash2 aria-hidden="true" className="size-5" />
                          </IconButton>
                        </div>
                      </li>
                    );
                  })}
                </ul>
                <Button
                  variant="ghost"
                  className="mt-2"
                  data-foco={`${g.key}.agregar-opcion`}
                  aria-label={`Agregar opción a ${nombre}`}
                  disabled={g.opciones.length >= OPCIONES_POR_GRUPO_MAX}
                  onClick={() => agregarOpcion(gi)}
                >
                  <Plus aria-hidden="true" className="size-5" />
                  Agregar opción
                </Button>
                <VistaPreviaGrupo grupo={g} />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        className="mt-3"
        data-foco="agregar-grupo"
        disabled={props.disabled || grupos.length >= GRUPOS_MAX}
        onClick={agregarGrupo}
      >
        <Plus aria-hidden="true" className="size-5" />
        Agregar grupo de opciones
      </Button>
      <FieldError
        message={error?.grupo === undefined ? error?.message : undefined}
        className="mt-2"
      />
    </section>
  );
}
