import {
  formatPesos,
  NOMBRE_COMPLETO_MAX,
  NOTA_PEDIDO_MAX,
  pedidoMessages,
  type PedidoVista,
  type Punto,
} from '@tianguis/domain';
import {
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FieldError, FormError, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { FilaDeTotal } from '../../pedidos';
import { seguimientoHref } from '../../seguimiento';
import { useFranjas } from '../../tienda-publica';
import { useNow } from '../../../lib/use-now';
import { zonaDe } from '../../../lib/tienda-publica/estado';
import { envioDelServidor, nuevaIdempotencyKey, type CheckoutEnvio } from '../api/place-pedido';
import { deleteBorrador, conBorrador, saveBorrador, readBorrador } from '../borrador';
import { saveDatos, readDatosGuardados } from '../datos-guardados';
import {
  cambioDe,
  checkoutMessages,
  cuerpoConCuenta,
  cuerpoInvitado,
  isRechazoDefinitivo,
  metodosDePago,
  precioCambiado,
  tiposDeEntrega,
  totalesCheckout,
  validateCheckout,
  valoresIniciales,
  type CanastaCheckout,
  type CheckoutField,
  type CheckoutValues,
  type DatosConocidos,
} from '../logic/checkout-values';
import {
  destinoParaEnviar,
  prepareZonasDeTienda,
  problemaDeZona,
  zonaDeDestino,
  zonaEntregaMessages,
  type Destino,
  type ResultadoZona,
} from '../logic/zona-de-entrega';
import { CuandoLoQuieres, cuandoMessages, type Cuando } from './cuando-lo-quieres';
import { EntregaCampos, PagoCampos } from './entrega-pago-campos';

/** An order that went through. */
export type PedidoHecho =
  | { tipo: 'cuenta'; pedidoId?: number }
  | { tipo: 'invitado'; pedido: PedidoVista; seguimiento: string };

const ERROR_GENERICO = 'No pudimos enviar tu pedido. Inténtalo de nuevo.';
const CLAVE_USADA =
  'Puede que tu pedido anterior sí se haya enviado. Revisa tus pedidos antes de intentarlo de nuevo.';

function mensajeDe(error: unknown): string {
  if ((error as { code?: unknown } | null)?.code === 'IDEMPOTENCIA_CONFLICTO') return CLAVE_USADA;
  return error instanceof Error && error.message ? error.message : ERROR_GENERICO;
}

function AreaDeTexto(props: {
  label: string;
  name: string;
  value: string;
  max: number;
  error?: string;
  hint?: ReactNode;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const contadorId = `${id}-contador`;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block font-medium">
        {props.label}
      </label>
      <textarea
        id={id}
        name={props.name}
        value={props.value}
        rows={2}
        maxLength={props.max}
        onChange={props.onChange}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${contadorId}${props.error ? ` ${errorId}` : ''}`}
        className="w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
      />
      <p id={contadorId} className="text-right text-sm text-stone-600">
        {props.value.trim().length}/{props.max}
      </p>
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}

/**
 * Checkout for one shop's basket: who orders (name and phone), pickup or delivery, how they pay,
 * a note, the totals and "Hacer pedido". Only what the shop offers is offered; every field is
 * checked with the domain's rules before sending, and the server's refusal is shown as it says
 * it. One Idempotency-Key per attempt: a double tap or a retry after a lost answer never orders
 * twice. A changed price (409 PRECIO_CAMBIO) is shown and asked again, never charged silently.
 */
export function CheckoutForm(props: {
  canasta: CanastaCheckout;
  /** Signed in: the server cart is sent (proccesscart); otherwise a guest order with its lines. */
  conSesion: boolean;
  /** Name, phone and address to start from; by default the session's phone or a guest's last. */
  datos?: DatosConocidos;
  /** After the order went through, before the move to its page. */
  onPedido?: (hecho: PedidoHecho) => void;
  /** The server's total differed: the basket may want to reload its prices. */
  onPrecioCambio?: () => void;
  /** false: stay on this screen after the order (the caller moves on). */
  navegar?: boolean;
  envio?: CheckoutEnvio;
}) {
  const { canasta, conSesion } = props;
  const envio = props.envio ?? envioDelServidor;
  const session = useSession();
  const navigate = useNavigate();
  // The phone shown to a signed-in shopper is the account's: left as is, the account's data go.
  const celularDeCuenta = conSesion ? (props.datos?.celular ?? session?.celular) : undefined;
  // What was typed here before Back, a reload or signing in (borrador.ts) goes over the rest.
  const cuenta = conSesion ? session?.userId : undefined;
  const [values, setValues] = useState<CheckoutValues>(() =>
    conBorrador(
      valoresIniciales(
        canasta,
        props.datos ?? (conSesion ? { celular: celularDeCuenta } : readDatosGuardados()),
      ),
      readBorrador(canasta.tiendaId, cuenta),
      canasta,
    ),
  );
  const [problema, setProblema] = useState<{ field?: CheckoutField; message: string }>();
  const [precioNuevo, setPrecioNuevo] = useState<number>();
  const [enviando, setEnviando] = useState(false);
  // A ref, not state: a second tap before React re-renders must see the first.
  const enCurso = useRef(false);
  // Kept until the server answers for sure, so a retry after a lost answer is the same order.
  const clave = useRef<string | undefined>(undefined);

  // The phone's location, when shared for a radius zone: this visit only, never kept.
  const [ubicacion, setUbicacion] = useState<Punto | null>(null);
  const listas = useMemo(
    () => prepareZonasDeTienda(canasta.zonas, canasta.ubicacion),
    [canasta.zonas, canasta.ubicacion],
  );

  // Orders for later (docs/api.md, "Orders for later"): a shop that takes them offers "Lo antes
  // posible" while it takes orders now, and its slots; closed or paused, only its slots.
  const { programar } = canasta;
  const franjas = useFranjas(programar?.usuario ?? '', { enabled: !!programar, vivo: true });
  const now = useNow(60_000);
  const [eleccion, setEleccion] = useState<Cuando>(canasta.abierta ? 'ahora' : 'programar');
  const [franjaElegida, setFranjaElegida] = useState<string>();
  const [errorHorario, setErrorHorario] = useState<string>();
  const ahora = canasta.abierta && (franjas.data ? franjas.data.ahoraMin !== null : true);
  const cuando: Cuando = !programar ? 'ahora' : ahora ? eleccion : 'programar';
  // A slot chosen before the list was read again counts only while it is still offered.
  const franja = franjas.data?.franjas.find((f) => f.inicio === franjaElegida && f.disponible)
    ? franjaElegida
    : undefined;
  const sinHorarios = franjas.data !== undefined && !franjas.data.franjas.some((f) => f.disponible);
  const recibe = canasta.abierta || (!!programar && !sinHorarios);

  const tipos = tiposDeEntrega(canasta.entrega);
  const metodos = metodosDePago(canasta.pagos);
  const domicilio = values.tipoEntrega === 'DOMICILIO';
  const destino: Destino = {
    colonia: values.colonia,
    codigoPostal: values.codigoPostal,
    ubicacion,
  };
  const zona: ResultadoZona = domicilio ? zonaDeDestino(listas, destino) : { estado: 'sin-zonas' };
  const totales = totalesCheckout(canasta, values.tipoEntrega, zona);
  const total = precioNuevo ?? totales.total;
  const cambio = values.metodoPago === 'EFECTIVO' ? cambioDe(values.pagaCon, total) : undefined;
  const puedePedir =
    recibe &&
    totales.alcanzaMinimo &&
    canasta.lineas.length > 0 &&
    tipos.length > 0 &&
    metodos.length > 0;

  function cambiar<K extends CheckoutField>(field: K, value: CheckoutValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    // The draft holds only the fields changed, so it is read back and one field added.
    const borrador = { ...readBorrador(canasta.tiendaId, cuenta), [field]: value };
    saveBorrador(canasta.tiendaId, cuenta, borrador);
    if (problema?.field === field || !problema?.field) setProblema(undefined);
    // Another delivery type or zone is another total: the changed price no longer applies.
    if (field === 'tipoEntrega' || field === 'colonia' || field === 'codigoPostal') {
      setPrecioNuevo(undefined);
    }
  }

  function cambiarDestino(cambio: Partial<Destino>) {
    if (cambio.colonia !== undefined) cambiar('colonia', cambio.colonia);
    if (cambio.codigoPostal !== undefined) cambiar('codigoPostal', cambio.codigoPostal);
    if (cambio.ubicacion !== undefined) {
      setUbicacion(cambio.ubicacion);
      setPrecioNuevo(undefined);
    }
    // The zone's error sits under 'colonia': any new answer to the question clears it.
    if (problema?.field === 'colonia') setProblema(undefined);
  }

  const texto = (field: CheckoutField) => ({
    name: field,
    value: values[field],
    error: problema?.field === field ? problema.message : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      cambiar(field, event.target.value),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (enCurso.current || !puedePedir) return;
    const form = event.currentTarget;
    const invitado = !conSesion;
    const validacion = validateCheckout(values, { invitado, total, celularDeCuenta });
    // Top to bottom: who orders, then where it goes (the zone question comes before the address).
    const deZona =
      zona.estado === 'sin-zonas' ||
      (!validacion.ok && (validacion.field === 'nombreCompleto' || validacion.field === 'celular'))
        ? undefined
        : problemaDeZona(listas, zona);
    if (deZona !== undefined) {
      setProblema({ field: 'colonia', message: deZona });
      form.querySelector<HTMLElement>('[name="colonia"], [name="codigoPostal"]')?.focus();
      return;
    }
    if (!validacion.ok) {
      setProblema({ field: validacion.field, message: validacion.message });
      if (validacion.field) {
        form.querySelector<HTMLElement>(`[name="${validacion.field}"]`)?.focus();
      }
      return;
    }
    const { datos } = validacion;
    if (zona.estado !== 'sin-zonas') {
      datos.entrega = { ...datos.entrega, ...destinoParaEnviar(destino) };
    }
    if (cuando === 'programar') {
      if (franja === undefined) {
        setProblema(undefined);
        setErrorHorario(cuandoMessages.elegir);
        (
          form.querySelector<HTMLElement>('[name="programadoPara"]:not(:disabled)') ??
          form.querySelector<HTMLElement>('[data-cuando] input')
        )?.focus();
        return;
      }
      datos.programadoPara = franja;
    }
    setProblema(undefined);
    setErrorHorario(undefined);
    clave.current ??= nuevaIdempotencyKey();
    const key = clave.current;
    enCurso.current = true;
    setEnviando(true);
    let hecho: PedidoHecho;
    try {
      if (invitado) {
        const r = await envio.invitado(cuerpoInvitado(canasta, datos, total), key);
        hecho = { tipo: 'invitado', pedido: r.pedido, seguimiento: r.seguimiento };
        saveDatos({
          nombreCompleto: datos.cliente?.nombreCompleto,
          celular: datos.cliente?.celular,
          direccion: datos.entrega.direccion ?? values.direccion.trim(),
          referencias: datos.entrega.referencias ?? values.referencias.trim(),
        });
      } else {
        const r = await envio.conCuenta(cuerpoConCuenta(canasta, datos, total), key);
        hecho = { tipo: 'cuenta', pedidoId: r.pedidoId };
      }
    } catch (error) {
      if (isRechazoDefinitivo(error)) clave.current = undefined;
      const nuevo = precioCambiado(error);
      if (nuevo !== undefined) {
        setPrecioNuevo(nuevo);
        props.onPrecioCambio?.();
      } else if (error instanceof ApiError && error.code === 'HORARIO_NO_DISPONIBLE') {
        // The slot filled up or passed meanwhile: the server's reason at the choice, and the
        // slots as they are now. Everything typed stays.
        setErrorHorario(mensajeDe(error));
        void franjas.refetch();
      } else if (
        programar &&
        error instanceof ApiError &&
        (error.code === 'TIENDA_CERRADA' || error.code === 'TIENDA_PAUSADA')
      ) {
        // Closed or paused since the page was read: its slots (without "Lo antes posible").
        setProblema({ message: mensajeDe(error) });
        void franjas.refetch();
      } else if (error instanceof ApiError && error.code === 'FUERA_DE_ZONA') {
        // The shop's zones changed since they were read: the server's word, at the question.
        setProblema({ field: 'colonia', message: mensajeDe(error) });
        props.onPrecioCambio?.();
      } else {
        setProblema({ message: mensajeDe(error) });
      }
      return;
    } finally {
      enCurso.current = false;
      setEnviando(false);
    }
    clave.current = undefined;
    // Ordered: the next checkout at this shop starts afresh (bar what datos-guardados keeps).
    deleteBorrador(canasta.tiendaId);
    props.onPedido?.(hecho);
    if (props.navegar === false) return;
    // The order's page takes the checkout's place in the history: Back never shows the emptied
    // checkout again.
    const siguiente =
      hecho.tipo === 'invitado'
        ? seguimientoHref(hecho.seguimiento)
        : hecho.pedidoId
          ? `/mispedidosdetalle?id=${hecho.pedidoId}`
          : '/mispedidos';
    navigate(siguiente, { replace: true });
  }

  const etiquetaBoton =
    precioNuevo !== undefined
      ? `Confirmar pedido por ${formatPesos(precioNuevo)}`
      : `Hacer pedido · ${formatPesos(total)}`;

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label={`Datos del pedido a ${canasta.nombreTienda}`}
      aria-busy={enviando || undefined}
    >
      <fieldset className="mb-2">
        <legend className="mb-2 text-lg font-semibold">Tus datos</legend>
        <TextField
          {...texto('nombreCompleto')}
          label={conSesion ? 'Nombre (opcional)' : 'Nombre'}
          autoComplete="name"
          maxLength={NOMBRE_COMPLETO_MAX}
          hints={conSesion ? ['Si lo dejas vacío usamos el de tu cuenta'] : []}
        />
        <TextField
          {...texto('celular')}
          label="Celular (10 dígitos)"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
        />
      </fieldset>

      <EntregaCampos
        para="cliente"
        tipos={tipos}
        tipo={values.tipoEntrega}
        onTipo={(t) => cambiar('tipoEntrega', t)}
        zonas={{
          listas,
          destino,
          resultado: zona,
          error: problema?.field === 'colonia' ? problema.message : undefined,
          onChange: cambiarDestino,
        }}
        direccion={texto('direccion')}
        referencias={texto('referencias')}
        direccionDeCuenta={conSesion}
      />

      {programar && (
        <CuandoLoQuieres
          franjas={franjas}
          timeZone={zonaDe(programar.timeZone)}
          now={now}
          ahora={ahora}
          cuando={cuando}
          franja={franja}
          error={errorHorario}
          onCuando={(c) => {
            setEleccion(c);
            setErrorHorario(undefined);
          }}
          onFranja={(inicio) => {
            setFranjaElegida(inicio);
            setErrorHorario(undefined);
          }}
        />
      )}

      <PagoCampos
        para="cliente"
        metodos={metodos}
        metodo={values.metodoPago}
        onMetodo={(m) => cambiar('metodoPago', m)}
        pagaCon={texto('pagaCon')}
        cambio={cambio}
        tipoEntrega={values.tipoEntrega}
      />

      <AreaDeTexto
        {...texto('nota')}
        label="Nota para la tienda (opcional)"
        max={NOTA_PEDIDO_MAX}
      />

      <dl aria-label="Totales" className="mb-4 space-y-1 border-t border-stone-200 pt-3">
        <FilaDeTotal termino="Subtotal" monto={totales.subtotal} />
        {domicilio &&
          (zona.estado === 'sin-zonas' || zona.estado === 'dentro' ? (
            <FilaDeTotal
              termino={
                zona.estado === 'dentro' ? zonaEntregaMessages.envioA(zona.zona.nombre) : 'Envío'
              }
              monto={totales.envio}
            />
          ) : (
            <div className="flex justify-between gap-4">
              <dt>Envío</dt>
              <dd>{zonaEntregaMessages.segunZona}</dd>
            </div>
          ))}
        <FilaDeTotal termino="Total" monto={totales.total} fuerte />
      </dl>

      {!recibe && (
        <p role="alert" className="mb-4 rounded-lg bg-amber-50 p-3 font-medium text-amber-900">
          {canasta.mensajeCerrada ?? 'La tienda no está recibiendo pedidos en este momento'}
        </p>
      )}
      {recibe && !totales.alcanzaMinimo && (
        <p role="alert" className="mb-4 rounded-lg bg-amber-50 p-3 font-medium text-amber-900">
          {pedidoMessages.montoMinimo} ({formatPesos(totales.minimo)})
        </p>
      )}
      {tipos.length === 0 && <FormError message={checkoutMessages.sinEntrega} />}
      {metodos.length === 0 && <FormError message={checkoutMessages.sinPago} />}
      {precioNuevo !== undefined && (
        <p role="alert" className="mb-4 rounded-lg bg-amber-50 p-3 font-semibold text-amber-950">
          {checkoutMessages.precioCambio(precioNuevo)}
        </p>
      )}
      <FormError message={problema && !problema.field ? problema.message : undefined} />

      <Button type="submit" className="w-full" disabled={enviando || !puedePedir}>
        {enviando ? 'Enviando tu pedido…' : etiquetaBoton}
      </Button>
    </form>
  );
}
