import { OPCIONES_POR_GRUPO_MAX, type GrupoVista } from '@tianguis/domain';
import { useId, useState } from 'react';
import { SwitchButton } from '../../../components/ui/switch-button';
import { OpcionesGrupos } from '../../tienda-publica';
import {
  conCuantas,
  conNumero,
  conObligatorio,
  cuantasDe,
  isObligatorio,
  grupoVistaPrevia,
  type Cuantas,
  type GrupoForm,
} from './catalogo-grupos';

const inputClass =
  'min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700';

const CUANTAS: { valor: Cuantas; texto: string }[] = [
  { valor: 'una', texto: 'Solo una' },
  { valor: 'hasta', texto: 'Varias, hasta un límite' },
  { valor: 'exactamente', texto: 'Un número exacto' },
  { valor: 'otra', texto: 'Otra regla (mínimo y máximo)' },
];

function Numero(props: {
  label: string;
  value: string;
  foco: string;
  invalid: boolean;
  min: number;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="w-36">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {props.label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={props.min}
        max={OPCIONES_POR_GRUPO_MAX}
        value={props.value}
        data-foco={props.foco}
        aria-invalid={props.invalid || undefined}
        className={inputClass}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * What the customer must choose in a group, in the owner's words: the "Obligatorio" switch
 * (minimo 1 or 0) and "¿Cuántas puede elegir?" (Solo una, hasta N, exactamente N), with the
 * numbers themselves under "Otra regla" for what those don't say. Saved as minimo/maximo.
 */
export function ReglaDelGrupo(props: {
  grupo: GrupoForm;
  onChange: (grupo: GrupoForm) => void;
  /** The broken rule's field, when a refused save points at this group's numbers. */
  invalido?: 'minimo' | 'maximo';
}) {
  const { grupo: g, onChange } = props;
  const etiquetaId = useId();
  const ayudaId = useId();
  const radios = useId();
  const obligatorio = isObligatorio(g);
  const cuantas = cuantasDe(g);

  return (
    <div className="mb-2 flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3 rounded-lg border border-stone-200 bg-white p-3">
        <div className="min-w-0">
          <span id={etiquetaId} className="block font-medium">
            Obligatorio
          </span>
          <span id={ayudaId} className="block text-sm text-stone-700">
            {obligatorio
              ? 'Tu cliente debe elegir antes de agregar el producto.'
              : 'Tu cliente puede dejarlo sin elegir.'}
          </span>
        </div>
        <SwitchButton
          checked={obligatorio}
          labels={['Sí', 'No']}
          aria-labelledby={etiquetaId}
          aria-describedby={ayudaId}
          data-foco={`${g.key}.obligatorio`}
          onClick={() => onChange(conObligatorio(g, !obligatorio))}
        />
      </div>

      <fieldset className="rounded-lg border border-stone-200 bg-white p-3">
        <legend className="px-1 font-medium">¿Cuántas puede elegir?</legend>
        {CUANTAS.map((c) => (
          <label key={c.valor} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="radio"
              name={`${radios}-cuantas`}
              value={c.valor}
              checked={cuantas === c.valor}
              data-foco={cuantas === c.valor ? `${g.key}.cuantas` : undefined}
              onChange={() => onChange(conCuantas(g, c.valor))}
              className="size-5 accent-marca-600"
            />
            {c.texto}
          </label>
        ))}
        {(cuantas === 'hasta' || cuantas === 'exactamente') && (
          <div className="mt-2">
            <Numero
              label={cuantas === 'hasta' ? '¿Hasta cuántas?' : '¿Cuántas exactamente?'}
              value={g.maximo}
              min={1}
              foco={`${g.key}.numero`}
              invalid={props.invalido !== undefined}
              onChange={(texto) => onChange(conNumero(g, texto))}
            />
          </div>
        )}
        {cuantas === 'otra' && (
          <div className="mt-2 flex flex-wrap gap-2">
            <Numero
              label="Mínimo"
              value={g.minimo}
              min={0}
              foco={`${g.key}.minimo`}
              invalid={props.invalido === 'minimo'}
              onChange={(minimo) => onChange({ ...g, cuantas: 'otra', minimo })}
            />
            <Numero
              label="Máximo"
              value={g.maximo}
              min={1}
              foco={`${g.key}.maximo`}
              invalid={props.invalido === 'maximo'}
              onChange={(maximo) => onChange({ ...g, cuantas: 'otra', maximo })}
            />
          </div>
        )}
      </fieldset>
    </div>
  );
}

/** The group as the customer will see it, live; the owner can try the choice here. */
export function VistaPreviaGrupo({ grupo }: { grupo: GrupoForm }) {
  const tituloId = useId();
  const vista = grupoVistaPrevia(grupo);
  return (
    <section
      aria-labelledby={tituloId}
      className="mt-3 rounded-lg border border-dashed border-stone-400 bg-white p-3"
    >
      <p id={tituloId} className="mb-2 text-sm font-semibold text-stone-700">
        Así lo verá tu cliente
      </p>
      {vista ? (
        // A new rule starts the trial choice over.
        <PruebaDeGrupo key={`${vista.minimo}-${vista.maximo}`} grupo={vista} />
      ) : (
        <p className="text-sm text-stone-700">
          Escribe un mínimo que no pase del máximo para ver cómo queda.
        </p>
      )}
    </section>
  );
}

function PruebaDeGrupo({ grupo }: { grupo: GrupoVista }) {
  const [elegidas, setElegidas] = useState<number[]>([]);
  return (
    <OpcionesGrupos
      grupos={[grupo]}
      elegidas={{ [grupo.id]: elegidas }}
      onChoose={(g, opcionId, marcada) =>
        setElegidas((antes) => {
          if (g.maximo === 1) return opcionId === undefined ? [] : [opcionId];
          if (opcionId === undefined) return antes;
          return marcada ? [...antes, opcionId] : antes.filter((id) => id !== opcionId);
        })
      }
    />
  );
}
