import { pesosToCentavos, formatPesos } from '@tianguis/domain';
import { Link } from 'react-router';
import { formatFechaPedido } from '../../pedidos';
import { listSeguimientos, seguimientoHref } from '../seguimientos-guardados';

/**
 * The orders placed on this phone without an account, each a link to its tracking page;
 * nothing when there are none (or only the one on screen, `excepto`).
 */
export function SeguimientosGuardadosLista(props: { titulo: string; excepto?: string }) {
  const guardados = listSeguimientos().filter((s) => s.seguimiento !== props.excepto);
  if (guardados.length === 0) return null;
  return (
    <section aria-label={props.titulo} className="mt-6">
      <h2 className="mb-2 text-lg font-semibold">{props.titulo}</h2>
      <ul className="space-y-2">
        {guardados.map((s) => (
          <li key={s.seguimiento}>
            <Link
              to={seguimientoHref(s.seguimiento)}
              className="block rounded-xl border border-stone-200 bg-white p-3 hover:bg-stone-50"
            >
              <span className="block font-semibold break-words">{s.nombreTienda}</span>
              <span className="block text-sm text-stone-700">
                Pedido #{s.pedidoId} · {formatPesos(pesosToCentavos(s.montoTotal))} ·{' '}
                <time dateTime={s.fecha}>{formatFechaPedido(s.fecha)}</time>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
