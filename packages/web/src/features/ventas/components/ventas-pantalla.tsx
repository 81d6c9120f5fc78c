import {
  errorDeRango,
  formatPesos,
  pesosToCentavos,
  ventasMessages,
  ZONA_HORARIA_POR_DEFECTO,
  type Ventas,
} from '@tianguis/domain';
import { Download, Receipt } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { Page } from '../../../components/ui/page';
import { Seccion } from '../../../components/ui/seccion';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/status';
import { useMiTienda } from '../../mi-tienda';
import { downloadCsv, useVentas } from '../api/ventas-api';
import {
  fechaCorta,
  horaLabel,
  hoyEn,
  metodoLabel,
  PERIODOS,
  rangoDe,
  serieDiaria,
  serieHoraria,
  type Periodo,
} from '../logic/rangos';
import { GraficaBarras } from './grafica-barras';

// /ventas (docs/sales.md): how the shop did in a period. Phone first: chips, three figures, the
// two charts (each with a table for screen readers and a one-line summary), top products and
// payment methods, and the CSV export of the same period.

/** Pesos as the API sends them → '$ 1,234.50' (through centavos: no float arithmetic). */
const pesos = (valor: number) => formatPesos(pesosToCentavos(valor));
// Counts have whole ticks only: uPlot may place ticks at halves, which would read '1, 1, 0'.
const entero = (valor: number) => (Number.isInteger(valor) ? String(valor) : '');

function leerPeriodo(value: string | null): Periodo {
  return PERIODOS.some((p) => p.id === value) ? (value as Periodo) : 'hoy';
}

export function VentasPantalla() {
  const tienda = useMiTienda();
  const timeZone = tienda.data?.timeZone ?? ZONA_HORARIA_POR_DEFECTO;
  const hoy = hoyEn(timeZone);
  const [params, setParams] = useSearchParams();
  const periodo = leerPeriodo(params.get('periodo'));
  const elegido =
    periodo === 'rango'
      ? { desde: params.get('desde') ?? '', hasta: params.get('hasta') ?? '' }
      : rangoDe(periodo, hoy);
  const error = periodo === 'rango' ? errorDeRango(elegido.desde, elegido.hasta) : undefined;
  const rango = tienda.data && error === undefined ? elegido : undefined;
  const ventas = useVentas(rango);

  const elegir = (id: Periodo) => {
    const next = new URLSearchParams(params);
    next.set('periodo', id);
    if (id === 'rango' && !next.get('desde')) {
      const inicial = rangoDe('30', hoy);
      next.set('desde', inicial.desde);
      next.set('hasta', inicial.hasta);
    }
    setParams(next, { replace: true });
  };

  let body;
  if (tienda.error)
    body = <ErrorState error={tienda.error} onRetry={() => void tienda.refetch()} />;
  else if (!tienda.data) body = <Loading label="Cargando tu tienda…" />;
  else if (error) body = null;
  else if (ventas.error) {
    body = <ErrorState error={ventas.error} onRetry={() => void ventas.refetch()} />;
  } else if (!ventas.data || !rango) body = <Loading label="Calculando tus ventas…" />;
  else if (ventas.data.pedidos === 0) body = <EmptyState title={ventasMessages.sinVentas} />;
  else body = <Resumen ventas={ventas.data} desde={rango.desde} hasta={rango.hasta} />;

  return (
    <Page
      title="Ventas"
      actions={
        <Link to={`/ventas/corte?fecha=${hoy}`} className={buttonClass('secondary')}>
          <Receipt aria-hidden="true" className="size-5" />
          Corte de caja
        </Link>
      }
    >
      <Periodos periodo={periodo} onChoose={elegir} />
      {periodo === 'rango' && (
        <RangoForm
          key={`${elegido.desde}|${elegido.hasta}`}
          desde={elegido.desde}
          hasta={elegido.hasta}
          error={error}
          onApply={(desde, hasta) => {
            const next = new URLSearchParams(params);
            next.set('desde', desde);
            next.set('hasta', hasta);
            setParams(next, { replace: true });
          }}
        />
      )}
      {rango && (
        <p className="mb-3 text-sm text-stone-700" aria-live="polite">
          {rango.desde === rango.hasta
            ? `Del día ${fechaCorta(rango.desde)}`
            : `Del ${fechaCorta(rango.desde)} al ${fechaCorta(rango.hasta)}`}
          {ventas.isFetching && !ventas.isLoading ? ' · actualizando…' : ''}
        </p>
      )}
      {body}
      {rango && <Exportar desde={rango.desde} hasta={rango.hasta} />}
    </Page>
  );
}

function Periodos(props: { periodo: Periodo; onChoose: (p: Periodo) => void }) {
  return (
    <div role="group" aria-label="Periodo" className="mb-3 flex flex-wrap gap-2">
      {PERIODOS.map((p) => (
        <button
          key={p.id}
          type="button"
          aria-pressed={props.periodo === p.id}
          onClick={() => props.onChoose(p.id)}
          className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
            props.periodo === p.id
              ? 'border-marca-600 bg-marca-600 text-white'
              : 'border-stone-300 bg-white text-stone-900 hover:bg-stone-100'
          }`}
        >
          {p.label}
        </button>
      ))}
    </div>
  );
}

function RangoForm(props: {
  desde: string;
  hasta: string;
  error: string | undefined;
  onApply: (desde: string, hasta: string) => void;
}) {
  const id = useId();
  const [desde, setDesde] = useState(props.desde);
  const [hasta, setHasta] = useState(props.hasta);
  const [error, setError] = useState(props.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problema = errorDeRango(desde, hasta);
    setError(problema);
    if (!problema) props.onApply(desde, hasta);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mb-3 rounded-xl border border-stone-200 bg-white p-3"
    >
      <div className="flex flex-wrap items-end gap-3">
        {(
          [
            ['desde', 'Desde', desde, setDesde],
            ['hasta', 'Hasta', hasta, setHasta],
          ] as const
        ).map(([campo, label, value, setValue]) => (
          <label
            key={campo}
            className="flex flex-col text-sm font-medium"
            htmlFor={`${id}-${campo}`}
          >
            {label}
            <input
              id={`${id}-${campo}`}
              type="date"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error !== undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="mt-1 min-h-11 rounded-lg border border-stone-300 px-3"
            />
          </label>
        ))}
        <Button type="submit">Ver ventas</Button>
      </div>
      {/* One error for the range, named by both dates (components/ui/field.tsx). */}
      <FieldError id={`${id}-error`} message={error} />
    </form>
  );
}

function Cifra(props: { label: string; valor: string }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-3">
      <dt className="text-sm text-stone-700">{props.label}</dt>
      <dd className="text-xl font-bold break-words">{props.valor}</dd>
    </div>
  );
}

/**
 * A chart of the range in a card: its summary line above, the bars, and the same figures as a
 * table for screen readers (`tabla`: its caption, its column heads, each row led by its heading).
 */
function SeccionDeGrafica(props: {
  titulo: string;
  resumen: string;
  etiquetas: readonly string[];
  valores: readonly number[];
  formato: (valor: number) => string;
  tabla: {
    caption: string;
    columnas: readonly string[];
    filas: readonly (readonly [string, ...(string | number)[]])[];
  };
}) {
  const { tabla } = props;
  return (
    <Seccion className="p-3" titulo={props.titulo}>
      <p className="mb-2 text-sm text-stone-700">{props.resumen}</p>
      <GraficaBarras
        titulo={props.titulo}
        etiquetas={props.etiquetas}
        valores={props.valores}
        formato={props.formato}
      />
      <table className="sr-only">
        <caption>{tabla.caption}</caption>
        <thead>
          <tr>
            {tabla.columnas.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tabla.filas.map(([fila, ...celdas], n) => (
            <tr key={n}>
              <th scope="row">{fila}</th>
              {celdas.map((celda, i) => (
                <td key={i}>{celda}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Seccion>
  );
}

function Resumen(props: { ventas: Ventas; desde: string; hasta: string }) {
  const { ventas, desde, hasta } = props;
  const dias = useMemo(() => serieDiaria(ventas, desde, hasta), [ventas, desde, hasta]);
  const horas = useMemo(() => serieHoraria(ventas), [ventas]);
  const etiquetasDias = useMemo(() => dias.map((d) => fechaCorta(d.fecha)), [dias]);
  const totalesDias = useMemo(() => dias.map((d) => d.total), [dias]);
  const etiquetasHoras = useMemo(() => horas.map((_, h) => String(h)), [horas]);
  const mejorDia = dias.reduce((a, b) => (b.total > a.total ? b : a), dias[0]!);
  const horaPico = horas.reduce((best, n, h) => (n > horas[best]! ? h : best), 0);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Cifra label="Total vendido" valor={pesos(ventas.total)} />
        <Cifra label="Pedidos" valor={String(ventas.pedidos)} />
        <Cifra label="Ticket promedio" valor={pesos(ventas.ticketPromedio)} />
      </dl>

      <SeccionDeGrafica
        titulo="Ventas por día"
        resumen={`Mejor día: ${fechaCorta(mejorDia.fecha)} con ${pesos(mejorDia.total)} (${mejorDia.pedidos} ${mejorDia.pedidos === 1 ? 'pedido' : 'pedidos'}).`}
        etiquetas={etiquetasDias}
        valores={totalesDias}
        formato={pesos}
        tabla={{
          caption: 'Ventas por día',
          columnas: ['Día', 'Total', 'Pedidos'],
          filas: ventas.porDia.map((d) => [fechaCorta(d.fecha), pesos(d.total), d.pedidos]),
        }}
      />

      <SeccionDeGrafica
        titulo="Pedidos por hora"
        resumen={`Hora con más pedidos: ${horaLabel(horaPico)} (${horas[horaPico]} ${horas[horaPico] === 1 ? 'pedido' : 'pedidos'}).`}
        etiquetas={etiquetasHoras}
        valores={horas}
        formato={entero}
        tabla={{
          caption: 'Pedidos por hora del día',
          columnas: ['Hora', 'Pedidos'],
          filas: ventas.porHora.map((h) => [horaLabel(h.hora), h.pedidos]),
        }}
      />

      <Seccion className="p-3" titulo="Productos más vendidos">
        <ol className="divide-y divide-stone-200" aria-label="Productos más vendidos">
          {ventas.porProducto.slice(0, 10).map((p, k) => (
            <li key={p.productoId} className="flex items-baseline justify-between gap-3 py-2">
              <span className="min-w-0 break-words">
                <span className="mr-2 font-semibold text-stone-600">{k + 1}.</span>
                {p.nombre}
                <span className="ml-2 text-sm text-stone-600">× {p.cantidad}</span>
              </span>
              <span className="shrink-0 font-semibold">{pesos(p.total)}</span>
            </li>
          ))}
        </ol>
      </Seccion>

      <Seccion className="p-3" titulo="Por forma de pago">
        <ul className="divide-y divide-stone-200" aria-label="Por forma de pago">
          {ventas.porMetodo.map((m) => (
            <li key={m.metodo} className="flex items-baseline justify-between gap-3 py-2">
              <span>
                {metodoLabel(m.metodo)}
                <span className="ml-2 text-sm text-stone-600">
                  {m.pedidos} {m.pedidos === 1 ? 'pedido' : 'pedidos'}
                </span>
              </span>
              <span className="shrink-0 font-semibold">{pesos(m.total)}</span>
            </li>
          ))}
        </ul>
      </Seccion>
    </div>
  );
}

function Exportar(props: { desde: string; hasta: string }) {
  const [estado, setEstado] = useState<{ cargando: boolean; error?: string }>({ cargando: false });
  const exportar = async () => {
    setEstado({ cargando: true });
    try {
      await downloadCsv(props.desde, props.hasta);
      setEstado({ cargando: false });
    } catch (error) {
      setEstado({ cargando: false, error: (error as Error).message });
    }
  };
  return (
    <div className="mt-4">
      <Button variant="secondary" onClick={() => void exportar()} disabled={estado.cargando}>
        <Download aria-hidden="true" className="size-5" />
        {estado.cargando ? 'Preparando archivo…' : 'Exportar CSV'}
      </Button>
      <p className="mt-1 text-sm text-stone-600">
        Todos los pedidos del periodo, con su estado, una fila por producto.
      </p>
      {estado.error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {estado.error}
        </p>
      )}
    </div>
  );
}
