import {
  errorDeRango,
  formatPesos,
  parsePesos,
  pesosToCentavos,
  ZONA_HORARIA_POR_DEFECTO,
  type Corte,
} from '@tianguis/domain';
import { ArrowLeft } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { ErrorState, Loading } from '../../../components/ui/status';
import { useMiTienda } from '../../mi-tienda';
import { ANCHO_IMPRESO_MM, type AnchoTicket, ImpresionTicket } from '../../pedidos-tienda';
import { useCorte } from '../api/ventas-api';
import { fechaCorta, hoyEn } from '../logic/rangos';

// /ventas/corte (docs/sales.md, "Corte de caja"): what a day's completed orders brought in, by
// how they were paid, on screen and on a 58 or 80 mm receipt printed like the kitchen ticket
// (same print sheet: the page is the paper's width and the ticket's length).

const pesos = (valor: number) => formatPesos(pesosToCentavos(valor));
function Fila(props: { left: ReactNode; right: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${props.strong ? 'font-bold' : ''}`}>
      <span className="min-w-0 break-words">{props.left}</span>
      <span className="shrink-0 text-right">{props.right}</span>
    </div>
  );
}

const cuenta = (c: { pedidos: number; total: number }) =>
  `${c.pedidos} ${c.pedidos === 1 ? 'pedido' : 'pedidos'} · ${pesos(c.total)}`;

/** The cash close as a receipt: narrow, monospace, black on white. */
export function CorteTicket(props: { corte: Corte; nombreTienda: string; ancho: AnchoTicket }) {
  const { corte, ancho } = props;
  const small = ancho === 58;
  const t = corte.transferencia;
  const cobrado = [corte.efectivo, corte.terminal, t.pagados].reduce(
    (sum, c) => sum + (parsePesos(c.total) ?? 0),
    0,
  );
  return (
    <article
      aria-label={`Corte de caja del ${corte.fecha}`}
      className={`bg-white font-mono leading-snug text-black ${small ? 'text-[11px]' : 'text-[13px]'}`}
      style={{ width: `${ANCHO_IMPRESO_MM[ancho]}mm` }}
    >
      <header className="text-center">
        <p className="font-bold uppercase">{props.nombreTienda}</p>
        <p className={`font-bold ${small ? 'text-base' : 'text-lg'}`}>CORTE DE CAJA</p>
        <p>{corte.fecha}</p>
      </header>
      <hr className="my-1.5 border-0 border-t border-dashed border-black" />
      <Fila left="Efectivo en caja" right={pesos(corte.efectivo.total)} strong />
      <Fila left={`  ${corte.efectivo.pedidos} pedidos`} right="" />
      <Fila left="Terminal" right={pesos(corte.terminal.total)} />
      <Fila left={`  ${corte.terminal.pedidos} pedidos`} right="" />
      <Fila left="Transferencias pagadas" right={pesos(t.pagados.total)} />
      <Fila left={`  ${t.pagados.pedidos} pedidos`} right="" />
      <Fila left="Transferencias pendientes" right={pesos(t.pendientes.total)} />
      <Fila left={`  ${t.pendientes.pedidos} pedidos`} right="" />
      <hr className="my-1.5 border-0 border-t border-dashed border-black" />
      <Fila left="COBRADO" right={formatPesos(cobrado)} strong />
      <p className="mt-1 text-center">Solo pedidos completados</p>
    </article>
  );
}

export function CortePantalla() {
  const tienda = useMiTienda();
  const timeZone = tienda.data?.timeZone ?? ZONA_HORARIA_POR_DEFECTO;
  const [params, setParams] = useSearchParams();
  const fecha = params.get('fecha') ?? hoyEn(timeZone);
  const invalida = errorDeRango(fecha, fecha) !== undefined;
  const corte = useCorte(tienda.data && !invalida ? fecha : undefined);
  const id = useId();

  let body;
  if (tienda.error)
    body = <ErrorState error={tienda.error} onRetry={() => void tienda.refetch()} />;
  else if (invalida) {
    body = (
      <p role="alert" className="text-red-800">
        La fecha no es válida; elige un día.
      </p>
    );
  } else if (corte.error) {
    body = <ErrorState error={corte.error} onRetry={() => void corte.refetch()} />;
  } else if (!corte.data || !tienda.data) body = <Loading label="Calculando el corte…" />;
  else body = <CorteDetalle corte={corte.data} nombreTienda={tienda.data.nombre} />;

  return (
    <Page
      title="Corte de caja"
      actions={
        <Link to="/ventas" className={buttonClass('ghost')}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          Ventas
        </Link>
      }
    >
      <div className="no-print mb-3">
        <label htmlFor={`${id}-fecha`} className="flex flex-col text-sm font-medium">
          Día
          <input
            id={`${id}-fecha`}
            type="date"
            value={fecha}
            onChange={(e) => {
              if (e.target.value) setParams({ fecha: e.target.value }, { replace: true });
            }}
            className="mt-1 min-h-11 w-fit rounded-lg border border-stone-300 px-3"
          />
        </label>
      </div>
      {body}
    </Page>
  );
}

function CorteDetalle(props: { corte: Corte; nombreTienda: string }) {
  const { corte } = props;
  const t = corte.transferencia;
  return (
    <div className="space-y-3">
      <dl className="space-y-2" aria-label={`Corte del ${fechaCorta(corte.fecha)}`}>
        <Renglon
          titulo="Efectivo que debe haber en caja"
          valor={cuenta(corte.efectivo)}
          destacado
        />
        <Renglon titulo="Pagos con terminal" valor={cuenta(corte.terminal)} />
        <Renglon titulo="Transferencias pagadas" valor={cuenta(t.pagados)} />
        <Renglon titulo="Transferencias pendientes de pago" valor={cuenta(t.pendientes)} />
      </dl>
      <p className="text-sm text-stone-700">
        Cuentan los pedidos completados hechos ese día. El efectivo es el de los pedidos en efectivo
        completados.
      </p>
      <section className="no-print rounded-xl border border-stone-200 bg-white p-4">
        <ImpresionTicket
          imprimir="Imprimir corte"
          render={(ancho) => (
            <CorteTicket corte={corte} nombreTienda={props.nombreTienda} ancho={ancho} />
          )}
        />
      </section>
    </div>
  );
}

function Renglon(props: { titulo: string; valor: string; destacado?: boolean }) {
  return (
    <div
      className={`rounded-xl border p-3 ${props.destacado ? 'border-marca-600 bg-orange-50' : 'border-stone-200 bg-white'}`}
    >
      <dt className="text-sm text-stone-700">{props.titulo}</dt>
      <dd className="text-lg font-bold">{props.valor}</dd>
    </div>
  );
}
