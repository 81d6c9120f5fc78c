import { useParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyState } from '../../components/ui/status';
import {
  ProductoCards,
  TiendaCerradaAvisoVivo,
  TiendaFrame,
  TiendaCondiciones,
  TiendaMigas,
} from '../../features/tienda-publica';
import { findCategoria, productosOrdenados } from '../../lib/tienda-publica/catalogo';
import { NotFoundContent } from './not-found';

/** /tienda/{usuario}/{subcategoria}: the category's products, by name. */
export default function TiendaCategoriaScreen() {
  const { usuario = '', subcategoria = '' } = useParams();
  return (
    <TiendaFrame usuario={usuario} notFound={<NotFoundContent />}>
      {(answer) => {
        const { tienda } = answer;
        const categoria = findCategoria(tienda, subcategoria);
        if (!categoria) return <NotFoundContent />;
        const productos = productosOrdenados(categoria);
        return (
          <Page
            title={`${categoria.title} · ${tienda.nombre}`}
            heading={<span className="[overflow-wrap:anywhere]">{categoria.title}</span>}
          >
            <TiendaMigas usuario={tienda.usuario} nombre={tienda.nombre} />
            <TiendaCerradaAvisoVivo answer={answer} />
            <TiendaCondiciones answer={answer} />
            {productos.length === 0 ? (
              <EmptyState
                title="Esta categoría no tiene productos por ahora"
                text="Mira las otras categorías de la tienda."
              />
            ) : (
              <ProductoCards answer={answer} categoria={categoria} productos={productos} />
            )}
          </Page>
        );
      }}
    </TiendaFrame>
  );
}
