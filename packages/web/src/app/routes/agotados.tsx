import { Page } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/status';
import {
  useMiTienda,
  type MiTienda,
  AgotadoToggle,
  listCategorias,
  listProductosOf,
  sortProductosByName,
} from '../../features/mi-tienda';

/** The products that can be on sale today, by category (switched-off ones have no switch). */
function Productos({ tienda }: { tienda: MiTienda }) {
  const categorias = listCategorias(tienda)
    .map((categoria) => ({
      categoria,
      productos: sortProductosByName(
        listProductosOf(categoria).filter((p) => p.activarODesactivar),
      ),
    }))
    .filter((c) => c.productos.length > 0);
  if (categorias.length === 0) {
    return (
      <EmptyState
        title="No hay productos a la venta"
        text="Cuando la tienda tenga productos activos, aquí podrás marcarlos como agotados."
      />
    );
  }
  return (
    <div className="grid gap-6">
      {categorias.map(({ categoria, productos }) => (
        <section key={categoria.id} aria-labelledby={`agotados-${categoria.id}`}>
          <h2 id={`agotados-${categoria.id}`} className="mb-2 text-lg font-bold break-words">
            {categoria.title}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {productos.map((producto) => (
              <li
                key={producto.id}
                className="rounded-xl border border-stone-200 bg-white px-3 pt-2 pb-3 shadow-sm"
              >
                <p className="font-semibold break-words">{producto.name}</p>
                <AgotadoToggle producto={producto} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * /agotados: 'Agotado hoy' for each product, for everyone of the shop who may mark sold-out
 * products (docs/api.md, "Staff and the kitchen": the cashier and the kitchen included, who
 * can't open the catalogue). A product comes back on sale by itself tomorrow.
 */
export default function Agotados() {
  const { data: tienda, error, refetch } = useMiTienda();
  return (
    <Page title="Agotados de hoy">
      <p className="mb-4 text-stone-700">
        Marca lo que se acabó: deja de venderse hoy y vuelve solo mañana.
      </p>
      {tienda ? (
        <Productos tienda={tienda} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading label="Cargando productos…" />
      )}
    </Page>
  );
}
