import {
  pesosToCentavos,
  countPedidosPorStatus,
  formatPesos,
  isPedidoActivo,
  pedidoMessages,
  sortPedidos,
  type PedidoVista,
} from '@tianguis/domain';
import { CircleCheck, CircleX, Hourglass } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/status';
import { formatFechaPedido } from '../mis-pedidos-fecha';
import { PedidoStatusBadge } from './mis-pedido-status';
import { ProgramadoPara, textoDeEstado } from './pedido-partes';
import { TiendaImagen } from './tienda-imagen';

/** The detail's address: the id in the URL keeps a reload working, the state saves a fetch. */
export function detalleHref(pedido: PedidoVista): string {
  return `/mispedidosdetalle?id=${pedido.id}`;
}

function Tile(props: { titulo: string; cantidad: number; icono: ReactNode; clase: string }) {
  return (
    <li className={`flex flex-col items-center rounded-xl p-3 text-center ${props.clase}`}>
      {props.icono}
      <span className="text-2xl font-bold">{props.cantidad}</span>
      <span className="text-sm font-medium">{props.titulo}</span>
    </li>
  );
}

/** The three summary tiles: Activos (NUEVO, ACEPTADO or LISTO), Completados, Cancelados. */
export function MisPedidosTiles({ pedidos }: { pedidos: readonly PedidoVista[] }) {
  const conteo = countPedidosPorStatus(pedidos);
  return (
    <ul aria-label="Resumen de pedidos" className="mb-4 grid grid-cols-3 gap-2">
      <Tile
        titulo="Activos"
        cantidad={conteo.activos}
        icono={<Hourglass aria-hidden="true" />}
        clase="bg-amber-50 text-amber-950"
      />
      <Tile
        titulo="Completados"
        cantidad={conteo.completados}
        icono={<CircleCheck aria-hidden="true" />}
        clase="bg-green-50 text-green-950"
      />
      <Tile
        titulo="Cancelados"
        cantidad={conteo.cancelados}
        icono={<CircleX aria-hidden="true" />}
        clase="bg-red-50 text-red-950"
      />
    </ul>
  );
}

function PedidoCard({ pedido, bajoTitulo }: { pedido: PedidoVista; bajoTitulo: boolean }) {
  const piezas = pedido.cantidadDeArticulos;
  const Titulo = bajoTitulo ? 'h3' : 'h2';
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex gap-3">
        <TiendaImagen src={pedido.tiendaImageUrl} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Titulo className="font-bold break-words">{pedido.nombreTienda}</Titulo>
            <PedidoStatusBadge status={pedido.status} />
          </div>
          <p className="text-sm text-stone-700">
            <time dateTime={pedido.fecha}>{formatFechaPedido(pedido.fecha)}</time>
          </p>
          <p className="text-sm text-stone-700">
            Pedido #{pedido.id} · {piezas} {piezas === 1 ? 'artículo' : 'artículos'} ·{' '}
            {formatPesos(pesosToCentavos(pedido.montoTotal))}
          </p>
          {isPedidoActivo(pedido.status) && (
            <ProgramadoPara pedido={pedido} className="text-sm font-semibold text-marca-700" />
          )}
          {pedido.status === 'ACEPTADO' && (
            <p className="text-sm font-medium text-sky-900">{textoDeEstado(pedido)}</p>
          )}
          {pedido.status === 'LISTO' && (
            <p className="font-bold text-emerald-900">{textoDeEstado(pedido)}</p>
          )}
          {pedido.status === 'CANCELADO' && pedido.motivoCancelacion && (
            <p className="text-sm break-words text-red-900">Motivo: {pedido.motivoCancelacion}</p>
          )}
        </div>
      </div>
      <div className="mt-3 flex justify-end">
        <Link
          to={detalleHref(pedido)}
          state={{ pedido }}
          aria-label={`Ver detalle del pedido #${pedido.id} de ${pedido.nombreTienda}`}
          className={buttonClass('secondary')}
        >
          Ver detalle
        </Link>
      </div>
    </li>
  );
}

/** No orders yet (with or without an account), and the way to the shops. */
export function SinPedidos() {
  return (
    <EmptyState title={pedidoMessages.sinPedidos} text={pedidoMessages.sinPedidosTexto}>
      <Link to="/" className={buttonClass('secondary')}>
        Ver tiendas
      </Link>
    </EmptyState>
  );
}

/** The heading of the account's orders when this phone's guest orders are listed too. */
export const CON_CUENTA = 'Pedidos con tu cuenta';

/**
 * Tiles and the order cards in order (docs/api.md, "Texts and forms"), or the empty state. With
 * `conOtros` (orders placed on this phone without an account are listed below), they go under
 * their own heading, and an account without orders says so of the account only: the page has
 * orders all the same.
 */
export function MisPedidosLista(props: { pedidos: readonly PedidoVista[]; conOtros?: boolean }) {
  const { pedidos, conOtros = false } = props;
  const tituloId = useId();
  if (pedidos.length === 0 && !conOtros) return <SinPedidos />;
  const contenido =
    pedidos.length === 0 ? (
      <p className="rounded-xl border border-dashed border-stone-300 bg-white p-4 text-stone-700">
        Aún no tienes pedidos con tu cuenta. Los que hagas con ella aparecerán aquí.
      </p>
    ) : (
      <>
        <MisPedidosTiles pedidos={pedidos} />
        <ul aria-label="Lista de pedidos" className="space-y-3">
          {sortPedidos(pedidos).map((p) => (
            <PedidoCard key={p.id} pedido={p} bajoTitulo={conOtros} />
          ))}
        </ul>
      </>
    );
  if (!conOtros) return contenido;
  return (
    <section aria-labelledby={tituloId}>
      <h2 id={tituloId} className="mb-2 text-lg font-semibold">
        {CON_CUENTA}
      </h2>
      {contenido}
    </section>
  );
}
