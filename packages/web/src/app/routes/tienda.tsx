import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyState } from '../../components/ui/status';
import {
  LineaHorario,
  MenuTienda,
  CompartirTienda,
  TiendaCerradaAvisoVivo,
  TiendaCondiciones,
  TiendaFrame,
  TiendaImage,
} from '../../features/tienda-publica';
import { categoriasConProductos } from '../../lib/tienda-publica/catalogo';

// Only an unknown shop's link needs the not-found page: it comes on demand, not with every shop.
const NotFoundContent = lazy(() =>
  import('./not-found').then((m) => ({ default: m.NotFoundContent })),
);

/**
 * /tienda/{usuario}: the shop's whole menu (docs/shop-pages.md, "The menu"): logo and name, the
 * hours in one line, the closed or paused notice, the shop's terms, then every category with its
 * products.
 */
export default function TiendaScreen() {
  const { usuario = '' } = useParams();
  return (
    <TiendaFrame
      usuario={usuario}
      notFound={
        <Suspense fallback={null}>
          <NotFoundContent />
        </Suspense>
      }
    >
      {(answer) => {
        const { tienda } = answer;
        const categorias = categoriasConProductos(tienda);
        return (
          <Page
            title={tienda.nombre}
            actions={<CompartirTienda nombre={tienda.nombre} usuario={tienda.usuario} />}
            heading={
              <span className="flex min-w-0 items-center gap-3">
                {/* Decorative: the name is right beside it, inside the same heading. */}
                <TiendaImage
                  src={tienda.imageUrl}
                  alt=""
                  width={64}
                  height={64}
                  priority
                  className="size-16 shrink-0 rounded-full border border-stone-200"
                />
                <span className="min-w-0 [overflow-wrap:anywhere]">{tienda.nombre}</span>
              </span>
            }
          >
            <LineaHorario answer={answer} />
            <TiendaCerradaAvisoVivo answer={answer} />
            <TiendaCondiciones answer={answer} />
            {categorias.length === 0 ? (
              <EmptyState
                title="Esta tienda aún no tiene productos"
                text="Vuelve más tarde para ver su menú."
              />
            ) : (
              <MenuTienda answer={answer} />
            )}
          </Page>
        );
      }}
    </TiendaFrame>
  );
}
