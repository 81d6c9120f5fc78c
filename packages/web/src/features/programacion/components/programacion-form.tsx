import {
  INTERVALOS_MIN,
  PAUSA_AUTOMATICA_MIN,
  PEDIDOS_POR_INTERVALO_MAX,
  PEDIDOS_SIN_ACEPTAR_MAX,
  PREPARACION_MIN_MAX,
  PREPARACION_MIN_MIN,
} from '@tianguis/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BarraDeAcciones } from '../../../components/ui/barra-de-acciones';
import { FieldError } from '../../../components/ui/field';
import { Seccion } from '../../../components/ui/seccion';
import { SubmitButton } from '../../../components/ui/submit-button';
import {
  ErrorDeAjustes,
  TiendaSinConfigurar,
  useSaveAjustes,
  type MiTienda,
} from '../../mi-tienda';
import {
  campoDelMensaje,
  checkProgramacion,
  cuerpoDeProgramacion,
  OPCIONES_DIAS_ADELANTE,
  primerCampoConError,
  programacionFormDesde,
  SIN_CONFIGURAR,
  type CampoProgramacion,
  type ErroresProgramacion,
  type ProgramacionForm,
  type ProgramacionUpdateBody,
} from '../logic/programacion-form';

export const PROGRAMACION_GUARDADA = 'Pedidos programados guardados';
const NO_SE_GUARDO = 'No se pudieron guardar los cambios. Inténtalo de nuevo.';

/** The automatic pause in one line: what it watches, what it does, how the owner hears of it. */
export function textoPausaAutomatica(pedidos: string): string {
  const n = /^\d+$/.test(pedidos.trim()) ? Number(pedidos) : undefined;
  const cuantos = n === undefined ? 'varios' : String(n);
  return `Si se juntan ${cuantos} pedidos sin aceptar por más de unos minutos, pausamos tu tienda ${PAUSA_AUTOMATICA_MIN} minutos y te avisamos con una notificación y un SMS.`;
}

/** A number typed as text (kept as typed), its help and its error read with it. */
function NumeroField(props: {
  campo: CampoProgramacion;
  label: string;
  ayuda: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={props.className ?? 'mb-4'}>
      <label htmlFor={id} className="mb-1 block font-medium">
        {props.label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        data-campo={props.campo}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${id}-ayuda${props.error ? ` ${id}-error` : ''}`}
        className="min-h-11 w-32 rounded-lg border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
      />
      <p id={`${id}-ayuda`} className="mt-1 text-sm text-stone-700">
        {props.ayuda}
      </p>
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}

/** A yes/no setting as a switch, its explanation read with it. */
function Interruptor(props: {
  campo: CampoProgramacion;
  label: string;
  ayuda: string;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="mb-4">
      <label
        htmlFor={id}
        className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-300 bg-white p-3 has-[:checked]:border-marca-600 has-[:checked]:bg-marca-50"
      >
        <input
          id={id}
          type="checkbox"
          role="switch"
          data-campo={props.campo}
          checked={props.checked}
          onChange={(e) => props.onChange(e.target.checked)}
          aria-describedby={`${id}-ayuda${props.error ? ` ${id}-error` : ''}`}
          aria-invalid={props.error ? true : undefined}
          className="mt-1 size-5 shrink-0 accent-marca-600"
        />
        <span>
          <span className="block font-semibold">{props.label}</span>
          <span id={`${id}-ayuda`} className="block text-sm text-stone-700">
            {props.ayuda}
          </span>
        </span>
      </label>
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}

/** This form's cards: their fields' last margin kept inside them. */
const SECCION = { className: 'mb-4 p-4 [&>*:last-child]:mb-0', tituloClassName: 'mb-3' };

const radioClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 whitespace-nowrap has-[:checked]:border-marca-600 has-[:checked]:bg-marca-50 has-[:checked]:font-semibold';

/**
 * "Pedidos programados" (docs/web-screens.md, "Orders for later"): whether the shop takes orders
 * for later, how far ahead, the slots' length, how many orders each slot takes, the kitchen's
 * preparation time, and the automatic pause; saved all at once with Guardar. Checked with the
 * domain's rules before it is sent; each error shows at its field and is read out, the first
 * takes the focus, and nothing typed is lost (the server's refusal too).
 */
export function ProgramacionFormView(props: {
  tienda: MiTienda;
  /** Sends the body; answers the saved shop, or rejects with the server's Spanish message. */
  onSave: (body: ProgramacionUpdateBody) => Promise<MiTienda | undefined>;
}) {
  const { tienda } = props;
  const [form, setForm] = useState<ProgramacionForm>(() => programacionFormDesde(tienda));
  const { intentado, errorServidor, setErrorServidor, guardando, rechazos, save } = useSaveAjustes(
    { guardado: PROGRAMACION_GUARDADA, noSeGuardo: NO_SE_GUARDO },
    props.onSave,
  );
  const [estado, setEstado] = useState<'igual' | 'cambiado' | 'guardado'>('igual');
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const id = useId();

  const revisada = intentado ? checkProgramacion(form) : undefined;
  const errores: ErroresProgramacion = revisada && !revisada.ok ? { ...revisada.errores } : {};
  const campoServidor = errorServidor === undefined ? undefined : campoDelMensaje(errorServidor);
  if (errorServidor !== undefined && campoServidor !== undefined) {
    errores[campoServidor] ??= errorServidor;
  }
  const errorGeneral = campoServidor === undefined ? errorServidor : undefined;

  // A refused Guardar puts the focus on the first field in error, else on the form's message.
  useEffect(() => {
    if (rechazos === 0) return;
    const campo = primerCampoConError(errores);
    const el =
      campo === undefined
        ? undefined
        : (formRef.current?.querySelector<HTMLElement>(`[data-campo="${campo}"]:checked`) ??
          formRef.current?.querySelector<HTMLElement>(`[data-campo="${campo}"]`));
    const destino = el ?? errorRef.current;
    // To the middle of the screen: the field and its message clear of the bars held over the
    // form's end (focusing alone leaves a field that is "on screen" under them).
    destino?.focus({ preventScroll: true });
    destino?.scrollIntoView?.({ block: 'center' });
    // Only when a Guardar is refused, not as the errors change while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rechazos]);

  if (!tienda.configured) return <TiendaSinConfigurar mensaje={SIN_CONFIGURAR} />;

  const cambiar = (cambio: Partial<ProgramacionForm>) => {
    setErrorServidor(undefined);
    setEstado('cambiado');
    setForm((f) => ({ ...f, ...cambio }));
  };

  function guardar(event: FormEvent) {
    event.preventDefault();
    void save(
      () => {
        const revisado = checkProgramacion(form);
        if (!revisado.ok) return { ok: false };
        return cuerpoDeProgramacion(tienda, revisado.programacion, revisado.pausaAutomatica);
      },
      (guardada) => {
        // What the server kept, as it answers it (the same values, cleaned).
        if (guardada?.programacion) setForm(programacionFormDesde(guardada));
        setEstado('guardado');
      },
    );
  }

  return (
    <form ref={formRef} aria-label="Pedidos programados" noValidate onSubmit={guardar}>
      <ErrorDeAjustes ref={errorRef} message={errorGeneral} />

      <Seccion {...SECCION} titulo="Pedidos para más tarde">
        <Interruptor
          campo="activa"
          label="Aceptar pedidos programados"
          ayuda="Tus clientes eligen un horario para recoger o recibir su pedido, también cuando tu tienda está cerrada."
          checked={form.activa}
          error={errores.activa}
          onChange={(activa) => cambiar({ activa })}
        />

        <div className="mb-4">
          <label htmlFor={`${id}-dias`} className="mb-1 block font-medium">
            Días por adelantado
          </label>
          <select
            id={`${id}-dias`}
            data-campo="diasAdelante"
            value={form.diasAdelante}
            onChange={(e) => cambiar({ diasAdelante: e.target.value })}
            aria-invalid={errores.diasAdelante ? true : undefined}
            aria-describedby={errores.diasAdelante ? `${id}-dias-error` : undefined}
            className="min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
          >
            {OPCIONES_DIAS_ADELANTE.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-dias-error`} message={errores.diasAdelante} />
        </div>

        <fieldset
          className="mb-4"
          aria-describedby={errores.intervaloMin ? `${id}-intervalo-error` : undefined}
        >
          <legend className="mb-1 font-medium">Duración de cada horario</legend>
          <div className="grid grid-cols-3 gap-2">
            {INTERVALOS_MIN.map((minutos) => (
              <label key={minutos} className={radioClass}>
                <input
                  type="radio"
                  name={`${id}-intervalo`}
                  data-campo="intervaloMin"
                  value={minutos}
                  checked={form.intervaloMin === String(minutos)}
                  onChange={() => cambiar({ intervaloMin: String(minutos) })}
                  className="size-4 accent-marca-600"
                />
                {minutos} min
              </label>
            ))}
          </div>
          <FieldError id={`${id}-intervalo-error`} message={errores.intervaloMin} />
        </fieldset>

        <fieldset className="mb-4">
          <legend className="mb-1 font-medium">Pedidos por horario</legend>
          <div className="flex flex-wrap gap-2">
            {[
              { conLimite: false, label: 'Sin límite' },
              { conLimite: true, label: 'Con límite' },
            ].map((o) => (
              <label key={o.label} className={radioClass}>
                <input
                  type="radio"
                  name={`${id}-limite`}
                  checked={form.conLimite === o.conLimite}
                  onChange={() => cambiar({ conLimite: o.conLimite })}
                  className="size-4 accent-marca-600"
                />
                {o.label}
              </label>
            ))}
          </div>
          {form.conLimite && (
            <NumeroField
              className="mt-3"
              campo="pedidosPorIntervalo"
              label="Máximo de pedidos por horario"
              ayuda={`De 1 a ${PEDIDOS_POR_INTERVALO_MAX}. Un horario lleno ya no se ofrece.`}
              value={form.pedidosPorIntervalo}
              onChange={(pedidosPorIntervalo) => cambiar({ pedidosPorIntervalo })}
              error={errores.pedidosPorIntervalo}
            />
          )}
        </fieldset>

        <NumeroField
          campo="preparacionMin"
          label="Tiempo de preparación (minutos)"
          ayuda={`De ${PREPARACION_MIN_MIN} a ${PREPARACION_MIN_MAX}. Lo que tarda un pedido: el primer horario que ofrecemos empieza después.`}
          value={form.preparacionMin}
          onChange={(preparacionMin) => cambiar({ preparacionMin })}
          error={errores.preparacionMin}
        />
      </Seccion>

      <Seccion {...SECCION} titulo="Pausa automática">
        <Interruptor
          campo="pausaActiva"
          label="Pausar mi tienda si se juntan pedidos sin aceptar"
          ayuda={textoPausaAutomatica(form.pedidosSinAceptar)}
          checked={form.pausaActiva}
          error={errores.pausaActiva}
          onChange={(pausaActiva) => cambiar({ pausaActiva })}
        />
        <NumeroField
          campo="pedidosSinAceptar"
          label="Pedidos sin aceptar para pausar"
          ayuda={`De 1 a ${PEDIDOS_SIN_ACEPTAR_MAX}.`}
          value={form.pedidosSinAceptar}
          onChange={(pedidosSinAceptar) => cambiar({ pedidosSinAceptar })}
          error={errores.pedidosSinAceptar}
        />
      </Seccion>

      <BarraDeAcciones>
        <p role="status" className="mr-auto text-sm text-stone-700">
          {estado === 'cambiado'
            ? 'Tienes cambios sin guardar'
            : estado === 'guardado'
              ? 'Cambios guardados'
              : ''}
        </p>
        <SubmitButton busy={guardando} busyLabel="Guardando…">
          Guardar
        </SubmitButton>
      </BarraDeAcciones>
    </form>
  );
}
