import {
  formatCelular,
  formatPesos,
  NOMBRE_COMPLETO_MAX,
  NOTA_PEDIDO_MAX,
  parseCelular,
  type PedidoConSeguimiento,
} from '@tianguis/domain';
import { Suspense, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { FieldError, FormError, TextField } from '../../../components/ui/field';
import { EmptyState } from '../../../components/ui/status';
import { invalidateQueries } from '../../../lib/query';
import {
  destinoParaEnviar,
  EntregaCampos,
  PagoCampos,
  precioCambiado,
  prepareZonasDeTienda,
  problemaDeZona,
  terminosDeEnvio,
  zonaDeDestino,
  zonaEntregaMessages,
  type Destino,
  type ResultadoZona,
} from '../../checkout';
import {
  miTiendaKey,
  type MiTienda,
  type ProductoDeMiTienda,
  ESTADO_DE_TIENDA_TEXTO,
  estadoDeTienda,
} from '../../mi-tienda';
import { useCreatePedidoManual } from '../api/create-pedido-manual';
import {
  addLinea,
  changeCantidad,
  changeNota,
  cambioManual,
  erroresDelServidor,
  lineasConPrecio,
  metodosDePagoDe,
  pedidoManualMessages,
  productosALaVenta,
  SIN_ERRORES,
  hasOpciones,
  tiposDeEntregaDe,
  totalesManual,
  validatePedidoManual,
  valoresIniciales,
  type CampoManual,
  type ErroresManual,
  type LineaManual,
  type PedidoManualValues,
} from '../logic/pedido-manual-values';
import { LineasPedidoManual } from './lineas-pedido-manual';
import { PedidoManualHecho } from './pedido-manual-hecho';
import { ProductoPicker } from './producto-picker';
// The shop page's own options sheet (loaded apart): the same rules and screen the shopper sees.
import { OpcionesSheet } from '../../tienda-publica';

function Seccion(props: { titulo: string; children: ReactNode }) {
  return (
    <fieldset className="mb-4 rounded-xl border border-stone-200 bg-white p-3">
      <legend className="px-1 text-lg font-semibold">{props.titulo}</legend>
      {props.children}
    </fieldset>
  );
}

/** The first field in error, top to bottom, to move the focus to. */
const ORDEN: readonly CampoManual[] = [
  'nombreCompleto',
  'celular',
  'lineas',
  'tipoEntrega',
  'colonia',
  'codigoPostal',
  'direccion',
  'referencias',
  'metodoPago',
  'pagaCon',
  'nota',
];

/**
 * The owner types an order taken by phone or WhatsApp: the shopper's name and, if known, phone,
 * products from the own catalogue (search, tap to add, options in the shop page's sheet, a note
 * and a quantity per line), pickup or delivery, how they pay (only what the shop takes; cash
 * with "Paga con", the owner's words), the live total and "Guardar pedido", which stays in reach at the
 * bottom of a phone's screen. Checked with the domain's rules before it goes; a refusal of the
 * server shows beside what caused it. Saved, it offers the tracking link to copy or send.
 */
export function PedidoManualForm({ tienda }: { tienda: MiTienda }) {
  const [values, setValues] = useState<PedidoManualValues>(() => valoresIniciales(tienda));
  const [lineas, setLineas] = useState<LineaManual[]>([]);
  const [errores, setErrores] = useState<ErroresManual>(SIN_ERRORES);
  const [elegido, setElegido] = useState<ProductoDeMiTienda>();
  const [hecho, setHecho] = useState<PedidoConSeguimiento>();
  const [aviso, setAviso] = useState<string>();
  const { guardar, guardando, reiniciar } = useCreatePedidoManual();
  const lineasRef = useRef<HTMLDivElement>(null);

  const productos = productosALaVenta(tienda);
  const tipos = tiposDeEntregaDe(tienda);
  const metodos = metodosDePagoDe(tienda);
  const vistas = lineasConPrecio(lineas, productos);
  // The shop's zones (the owner's answer holds every zone; only active ones count). The owner's
  // own location says nothing of the customer's: no "Usar mi ubicación" here.
  const listas = useMemo(() => {
    const l = prepareZonasDeTienda(tienda.zonas, tienda.ubicacion);
    return { ...l, hayRadio: false };
  }, [tienda.zonas, tienda.ubicacion]);
  const domicilio = values.tipoEntrega === 'DOMICILIO';
  const destino: Destino = {
    colonia: values.colonia,
    codigoPostal: values.codigoPostal,
    ubicacion: null,
  };
  const zona: ResultadoZona = domicilio ? zonaDeDestino(listas, destino) : { estado: 'sin-zonas' };
  // A manual order follows the zone's shipping but, as with the shop's, skips its minimum.
  const totales = totalesManual(vistas, terminosDeEnvio(tienda, zona), values.tipoEntrega);
  const cambio =
    values.metodoPago === 'EFECTIVO' ? cambioManual(values.pagaCon, totales.total) : undefined;
  const estado = estadoDeTienda(tienda);

  if (hecho) {
    return (
      <PedidoManualHecho
        pedido={hecho.pedido}
        seguimiento={hecho.seguimiento}
        onOtro={() => {
          reiniciar();
          setValues(valoresIniciales(tienda));
          setLineas([]);
          setErrores(SIN_ERRORES);
          setAviso(undefined);
          setHecho(undefined);
        }}
      />
    );
  }

  if (productos.length === 0) {
    return (
      <EmptyState
        title={pedidoManualMessages.sinProductos}
        text={pedidoManualMessages.sinProductosTexto}
      >
        <Link to="/mitienda" className={buttonClass('primary')}>
          Agregar un producto
        </Link>
      </EmptyState>
    );
  }

  function cambiar<K extends keyof PedidoManualValues>(campo: K, valor: PedidoManualValues[K]) {
    setValues((v) => ({ ...v, [campo]: valor }));
    setErrores((e) => {
      if (!e.campos[campo]) return e;
      const campos = { ...e.campos };
      delete campos[campo];
      return { ...e, campos };
    });
  }

  function cambiarLineas(nuevas: (antes: LineaManual[]) => LineaManual[], clave?: string) {
    setLineas(nuevas);
    setErrores((e) => {
      const lineasErr = { ...e.lineas };
      if (clave) delete lineasErr[clave];
      const campos = { ...e.campos };
      delete campos.lineas;
      return { ...e, campos, lineas: lineasErr };
    });
  }

  function elegir(producto: ProductoDeMiTienda) {
    if (hasOpciones(producto)) setElegido(producto);
    else cambiarLineas((ls) => addLinea(ls, { productoId: producto.id, opciones: [], nota: null }));
  }

  const texto = (campo: keyof PedidoManualValues & CampoManual) => ({
    name: campo,
    value: values[campo],
    error: errores.campos[campo],
    onChange: (event: { target: { value: string } }) => cambiar(campo, event.target.value),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (guardando) return;
    const form = event.currentTarget;
    setAviso(undefined);
    const validacion = validatePedidoManual(
      values,
      vistas,
      totales.total,
      zona.estado === 'sin-zonas'
        ? undefined
        : { problema: problemaDeZona(listas, zona), destino: destinoParaEnviar(destino) },
    );
    if (!validacion.ok) {
      setErrores(validacion.errores);
      enfocarPrimerError(form, validacion.errores);
      return;
    }
    setErrores(SIN_ERRORES);
    try {
      const respuesta = await guardar(validacion.body);
      if (respuesta) setHecho(respuesta);
    } catch (error) {
      const nuevo = precioCambiado(error);
      if (nuevo !== undefined) {
        // The catalogue changed while typing: reload it, so the lines show the prices charged.
        setAviso(pedidoManualMessages.precioCambio(nuevo));
        void invalidateQueries(miTiendaKey);
        return;
      }
      const delServidor = erroresDelServidor(error, vistas);
      setErrores(delServidor);
      // Delivery or payment choices may have changed since the screen opened.
      if (
        delServidor.campos.tipoEntrega ||
        delServidor.campos.metodoPago ||
        delServidor.campos.colonia
      ) {
        void invalidateQueries(miTiendaKey);
      }
      enfocarPrimerError(form, delServidor);
    }
  }

  function enfocarPrimerError(form: HTMLFormElement, e: ErroresManual) {
    const campo = ORDEN.find((c) => e.campos[c]);
    if (campo === 'lineas') {
      form.querySelector<HTMLElement>('input[type="search"]')?.focus();
    } else if (campo === 'colonia') {
      form.querySelector<HTMLElement>('[name="colonia"], [name="codigoPostal"]')?.focus();
    } else if (campo) {
      form.querySelector<HTMLElement>(`[name="${campo}"]`)?.focus();
    } else if (Object.keys(e.lineas).length > 0) {
      lineasRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }

  return (
    <>
      <form
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-label="Pedido por teléfono"
        aria-busy={guardando || undefined}
      >
        {estado !== 'EN_LINEA' && (
          <p role="status" className="mb-4 rounded-lg bg-amber-50 p-3 font-medium text-amber-900">
            {pedidoManualMessages.noPublica(ESTADO_DE_TIENDA_TEXTO[estado])}
          </p>
        )}
        <FormError message={errores.general} />
        {aviso && (
          <p role="alert" className="mb-4 rounded-lg bg-amber-50 p-3 font-semibold text-amber-950">
            {aviso}
          </p>
        )}

        <Seccion titulo="Cliente">
          <TextField
            {...texto('nombreCompleto')}
            label="Nombre"
            autoComplete="off"
            maxLength={NOMBRE_COMPLETO_MAX}
          />
          <TextField
            {...texto('celular')}
            label={pedidoManualMessages.celular}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            hints={[pedidoManualMessages.celularPista]}
            // Typed or pasted as it comes ('+52 1 55 1234 5678'); a phone is shown as
            // 55-1234-5678 after, anything else stays as typed for the check on saving.
            onBlur={() => {
              const digitos = parseCelular(values.celular);
              if (digitos) cambiar('celular', formatCelular(digitos));
            }}
          />
        </Seccion>

        <Seccion titulo="Productos">
          <ProductoPicker productos={productos} onChoose={elegir} />
          <div ref={lineasRef}>
            <LineasPedidoManual
              lineas={vistas}
              errores={errores.lineas}
              onCantidad={(clave, c) => cambiarLineas((ls) => changeCantidad(ls, clave, c), clave)}
              onNota={(clave, n) => cambiarLineas((ls) => changeNota(ls, clave, n), clave)}
            />
          </div>
          {vistas.length === 0 && (
            <p className="text-stone-700">Toca un producto para agregarlo al pedido.</p>
          )}
          <FieldError message={errores.campos.lineas} />
        </Seccion>

        <Seccion titulo="Entrega">
          <EntregaCampos
            para="tienda"
            tipos={tipos}
            tipo={values.tipoEntrega}
            error={errores.campos.tipoEntrega}
            onTipo={(t) => cambiar('tipoEntrega', t)}
            zonas={{
              listas,
              destino,
              resultado: zona,
              conMinimo: false,
              error: errores.campos.colonia,
              onChange: (cambio) => {
                if (cambio.colonia !== undefined) cambiar('colonia', cambio.colonia);
                if (cambio.codigoPostal !== undefined) {
                  cambiar('codigoPostal', cambio.codigoPostal);
                  // The zone's error sits under 'colonia': another postal code is another answer.
                  setErrores((e) => {
                    if (!e.campos.colonia) return e;
                    const campos = { ...e.campos };
                    delete campos.colonia;
                    return { ...e, campos };
                  });
                }
              },
            }}
            direccion={texto('direccion')}
            referencias={texto('referencias')}
          />
        </Seccion>

        <Seccion titulo="Pago">
          <PagoCampos
            para="tienda"
            metodos={metodos}
            metodo={values.metodoPago}
            error={errores.campos.metodoPago}
            onMetodo={(m) => cambiar('metodoPago', m)}
            pagaCon={texto('pagaCon')}
            cambio={cambio}
            tipoEntrega={values.tipoEntrega}
          />
        </Seccion>

        <TextField
          {...texto('nota')}
          label="Nota del pedido (opcional)"
          autoComplete="off"
          maxLength={NOTA_PEDIDO_MAX}
        />

        {/* Sticky above the app's bottom bar: on a phone, saving never needs a scroll. */}
        <div className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur">
          <dl aria-label="Totales" className="mb-2 flex flex-wrap justify-between gap-x-4 text-sm">
            {(totales.envio > 0 || zona.estado === 'dentro') && (
              <div className="flex gap-1">
                <dt>
                  {zona.estado === 'dentro'
                    ? zonaEntregaMessages.envioA(zona.zona.nombre)
                    : 'Envío'}
                </dt>
                <dd>{formatPesos(totales.envio)}</dd>
              </div>
            )}
            <div className="ml-auto flex gap-1 text-lg font-bold" aria-live="polite">
              <dt>Total</dt>
              <dd>{formatPesos(totales.total)}</dd>
            </div>
          </dl>
          <Button
            type="submit"
            className="w-full"
            disabled={guardando}
            aria-busy={guardando || undefined}
          >
            {guardando ? 'Guardando…' : 'Guardar pedido'}
          </Button>
        </div>
      </form>
      {elegido && (
        <Suspense fallback={null}>
          <OpcionesSheet
            producto={elegido}
            onClose={() => setElegido(undefined)}
            onAdd={async (linea, cantidad) => {
              cambiarLineas((ls) =>
                addLinea(
                  ls,
                  {
                    productoId: linea.productoId,
                    opciones: linea.opciones ?? [],
                    nota: linea.nota ?? null,
                  },
                  cantidad,
                ),
              );
              return undefined;
            }}
          />
        </Suspense>
      )}
    </>
  );
}
