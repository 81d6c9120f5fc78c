import {
  DIRECCION_PEDIDO_MAX,
  formatPesos,
  REFERENCIAS_MAX,
  type MetodoPago,
  type TipoEntrega,
} from '@tianguis/domain';
import { useId, type ChangeEvent, type ComponentProps } from 'react';
import { ChoiceGroup, FieldError, TextField } from '../../../components/ui/field';
import { ENTREGA_TEXTO, METODO_PAGO_TEXTO } from '../../pedidos';
import { ZonaDeEntregaCampos } from './zona-de-entrega-campos';

/**
 * Who fills the form in: the shopper at checkout speaks of themselves ('¿Con cuánto pagas?',
 * 'Tu cambio') and is told what follows the order; the owner typing an order taken by phone
 * speaks of their customer ('¿Cómo lo recibe?', 'Paga con'), and the fields' own section says
 * what they are.
 */
export type QuienLlena = 'cliente' | 'tienda';

/** A text field as the forms hand it in: its name, value, error and change. */
export interface CampoDeTexto {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

const TEXTOS = {
  cliente: {
    entrega: 'Entrega',
    pago: 'Pago',
    pagaCon: '¿Con cuánto pagas? (opcional)',
  },
  tienda: {
    entrega: '¿Cómo lo recibe?',
    pago: '¿Cómo paga?',
    // The cash field is the owner's ("Paga con"), not the shopper's "¿Con cuánto pagas?".
    pagaCon: 'Paga con (opcional)',
  },
} as const;

/**
 * One of the shop's ways, or the only one: radios when there are several, else its name (after
 * the legend, 'Entrega:' or 'Pago:', for the shopper; the owner's section already says it). The
 * choice's error, if any, under it.
 */
function Eleccion<T extends string>(
  props: ComponentProps<typeof ChoiceGroup<T>> & { para: QuienLlena },
) {
  const { para, ...choice } = props;
  if (props.options.length > 1) return <ChoiceGroup {...choice} />;
  return (
    <>
      <p className="mb-4">
        {para === 'cliente' && <span className="font-medium">{props.legend}:</span>}
        {para === 'cliente' && ' '}
        {props.labels[props.value]}
      </p>
      <FieldError message={props.error} />
    </>
  );
}

/**
 * Pickup or delivery and, for delivery, the zone question (when the shop has zones), the address
 * and its references: the same fields for the shopper's checkout and the owner's manual order.
 */
export function EntregaCampos(props: {
  para: QuienLlena;
  tipos: readonly TipoEntrega[];
  tipo: TipoEntrega;
  error?: string;
  onTipo: (tipo: TipoEntrega) => void;
  /** The shop's zones and where the order goes (pickup is offered when the shop has it). */
  zonas: Omit<ComponentProps<typeof ZonaDeEntregaCampos>, 'onRecoger'>;
  direccion: CampoDeTexto;
  referencias: CampoDeTexto;
  /** A signed-in shopper may leave the address empty: their account's is used. */
  direccionDeCuenta?: boolean;
}) {
  const { para, tipos, zonas } = props;
  const domicilio = props.tipo === 'DOMICILIO';
  const deCuenta = props.direccionDeCuenta === true;
  // The shopper's browser may fill in their own address; the owner types someone else's.
  const cliente = para === 'cliente';
  return (
    <>
      <Eleccion
        para={para}
        legend={TEXTOS[para].entrega}
        name="tipoEntrega"
        value={props.tipo}
        options={tipos}
        labels={ENTREGA_TEXTO}
        error={props.error}
        onChange={props.onTipo}
      />
      {domicilio && zonas.resultado.estado !== 'sin-zonas' && (
        <ZonaDeEntregaCampos
          {...zonas}
          onRecoger={tipos.includes('RECOGER') ? () => props.onTipo('RECOGER') : undefined}
        />
      )}
      {domicilio && (
        <>
          <TextField
            {...props.direccion}
            label={deCuenta ? 'Dirección de entrega (opcional)' : 'Dirección de entrega'}
            autoComplete={cliente ? 'street-address' : 'off'}
            maxLength={DIRECCION_PEDIDO_MAX}
            hints={deCuenta ? ['Si la dejas vacía usamos la de tu cuenta'] : []}
          />
          <TextField
            {...props.referencias}
            label="Referencias (opcional)"
            autoComplete={cliente ? undefined : 'off'}
            maxLength={REFERENCIAS_MAX}
          />
        </>
      )}
    </>
  );
}

/**
 * How the order is paid (only what the shop takes) and, in cash, what it is paid with and the
 * change. The shopper is also told what follows for a transfer or the terminal.
 */
export function PagoCampos(props: {
  para: QuienLlena;
  metodos: readonly MetodoPago[];
  metodo: MetodoPago;
  error?: string;
  onMetodo: (metodo: MetodoPago) => void;
  pagaCon: CampoDeTexto;
  /** The change for the amount typed, when there is one. */
  cambio: number | undefined;
  /** Where the terminal is brought: at pickup or at the door. */
  tipoEntrega: TipoEntrega;
}) {
  const { para, pagaCon, cambio } = props;
  const cambioId = `${useId()}-cambio`;
  const efectivo = {
    label: TEXTOS[para].pagaCon,
    inputMode: 'decimal',
    autoComplete: 'off',
    placeholder: '500',
  } as const;
  return (
    <>
      <Eleccion
        para={para}
        legend={TEXTOS[para].pago}
        name="metodoPago"
        value={props.metodo}
        options={props.metodos}
        labels={METODO_PAGO_TEXTO}
        error={props.error}
        onChange={props.onMetodo}
      />
      {props.metodo === 'EFECTIVO' && para === 'tienda' && (
        <TextField
          {...pagaCon}
          {...efectivo}
          hints={cambio === undefined ? [] : [`Cambio: ${formatPesos(cambio)}`]}
        />
      )}
      {props.metodo === 'EFECTIVO' && para === 'cliente' && (
        <>
          <TextField
            {...pagaCon}
            {...(pagaCon.error ? {} : { 'aria-describedby': cambioId })}
            {...efectivo}
          />
          {/* The change is information, not a warning: neutral, and gone while the field is in
              error (the amount it was worked out from is being refused). Its line keeps its room,
              so nothing below moves as it comes and goes. */}
          <p id={cambioId} aria-live="polite" className="-mt-3 mb-4 min-h-5 text-sm text-stone-700">
            {cambio !== undefined && !pagaCon.error && `Tu cambio: ${formatPesos(cambio)}`}
          </p>
        </>
      )}
      {props.metodo === 'TRANSFERENCIA' && para === 'cliente' && (
        <p className="mb-4 rounded-lg bg-stone-100 p-3 text-stone-800">
          Te mostraremos la CLABE para transferir después de hacer tu pedido.
        </p>
      )}
      {props.metodo === 'TERMINAL' && para === 'cliente' && (
        <p className="mb-4 rounded-lg bg-stone-100 p-3 text-stone-800">
          Paga con tarjeta en la terminal al{' '}
          {props.tipoEntrega === 'RECOGER' ? 'recoger tu pedido' : 'recibir tu pedido'}.
        </p>
      )}
    </>
  );
}
