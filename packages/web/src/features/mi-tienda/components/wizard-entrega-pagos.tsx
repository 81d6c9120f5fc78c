import { useId, type ReactNode } from 'react';
import { FieldError, TextField } from '../../../components/ui/field';
import type { WizardField, WizardTiendaValues } from './wizard-tienda-values';

type Opcion = 'recoger' | 'domicilio' | 'efectivo' | 'terminal' | 'transferencia';

function Casilla(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 bg-white px-4 py-2 has-checked:border-marca-600 has-checked:bg-marca-50">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        className="size-5 accent-marca-600"
      />
      {props.children}
    </label>
  );
}

/** A group of choices with its rule's message read with it when broken. */
function Grupo(props: { legend: string; hint: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset
      className="mb-4"
      aria-describedby={`${id}-hint${props.error ? ` ${id}-error` : ''}`}
      aria-invalid={props.error ? true : undefined}
    >
      <legend className="mb-1 text-lg font-semibold">{props.legend}</legend>
      <p id={`${id}-hint`} className="mb-2 text-sm text-stone-600">
        {props.hint}
      </p>
      <div className="flex flex-col gap-2">{props.children}</div>
      <FieldError id={`${id}-error`} message={props.error} />
    </fieldset>
  );
}

/** The bank details a transfer asks for; the CLABE keeps only digits, spaces and dashes. */
const DATOS_DE_TRANSFERENCIA: readonly {
  campo: 'clabe' | 'banco' | 'titular';
  label: string;
  autoComplete: string;
  maxLength: number;
  inputMode?: 'numeric';
  limpiar?: (texto: string) => string;
}[] = [
  {
    campo: 'clabe',
    label: 'CLABE (18 dígitos)',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: 24,
    limpiar: (texto) => texto.replace(/[^\d\s-]/g, ''),
  },
  { campo: 'banco', label: 'Banco', autoComplete: 'off', maxLength: 40 },
  { campo: 'titular', label: 'Titular de la cuenta', autoComplete: 'name', maxLength: 80 },
];

/**
 * How the shop delivers (pickup, delivery: at least one) and how it is paid (cash, card terminal,
 * bank transfer: at least one). A transfer asks for the CLABE, bank and holder the shopper will
 * see on an order paid that way.
 */
export function WizardEntregaPagos(props: {
  values: WizardTiendaValues;
  errorOf: (field: WizardField) => string | undefined;
  onChange: <K extends keyof WizardTiendaValues>(field: K, value: WizardTiendaValues[K]) => void;
}) {
  const { values, errorOf, onChange } = props;
  const toggle = (field: Opcion) => (checked: boolean) => onChange(field, checked);
  return (
    <>
      <Grupo
        legend="Entrega"
        hint="Elige al menos una forma de entrega."
        error={errorOf('entrega')}
      >
        <Casilla checked={values.recoger} onChange={toggle('recoger')}>
          Recoger en la tienda
        </Casilla>
        <Casilla checked={values.domicilio} onChange={toggle('domicilio')}>
          Envío a domicilio
        </Casilla>
      </Grupo>
      <Grupo
        legend="Formas de pago"
        hint="Elige al menos una forma de pago."
        error={errorOf('pagos')}
      >
        <Casilla checked={values.efectivo} onChange={toggle('efectivo')}>
          Efectivo
        </Casilla>
        <Casilla checked={values.terminal} onChange={toggle('terminal')}>
          Terminal (tarjeta)
        </Casilla>
        <Casilla checked={values.transferencia} onChange={toggle('transferencia')}>
          Transferencia
        </Casilla>
      </Grupo>
      {values.transferencia && (
        <div className="mb-4 rounded-xl border border-stone-200 bg-white p-3">
          <p className="mb-3 text-sm text-stone-700">
            Tus clientes verán estos datos solo en los pedidos que paguen por transferencia.
          </p>
          {DATOS_DE_TRANSFERENCIA.map(({ campo, limpiar, ...campoProps }) => (
            <TextField
              key={campo}
              {...campoProps}
              value={values[campo]}
              onChange={(e) => onChange(campo, limpiar ? limpiar(e.target.value) : e.target.value)}
              error={errorOf(campo)}
            />
          ))}
        </div>
      )}
    </>
  );
}
