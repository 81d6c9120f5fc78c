import { useLocation, useParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorState, Loading } from '../../components/ui/status';
import {
  useTiendaPublica,
  type CategoriaPublica,
  type ProductoPublico,
  type TiendaPublicaAnswer,
} from '../../lib/tienda-publica/get-tienda-publica';
import {
  AddToCartButton,
  TiendaCerradaAvisoVivo,
  TiendaCondiciones,
  TiendaImage,
  TiendaMigas,
  precioTexto,
} from '../../features/tienda-publica';
import { findProducto, productoFromState } from '../../lib/tienda-publica/catalogo';
import { isTiendaNoEncontrada } from '../../lib/tienda-publica/estado';
import { NotFoundContent } from './not-found';

/**
 * /tienda/{usuario}/{subcategoria}/productodetalle/{id}. A card or search result hands the
 * product over in the navigation state, so it shows at once; opened from a link or a QR code,
 * it comes from the shop's public answer. Once the shop is loaded its copy wins (it is at least
 * as fresh), and a product no longer in it is not found.
 */
export default function ProductoDetalleScreen() {
  const { usuario = '', id = '' } = useParams();
  const location = useLocation();
  const productoId = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  const query = useTiendaPublica(usuario);
  const { data, error } = query;

  if (!Number.isSafeInteger(productoId)) return <NotFoundContent />;
  if (isTiendaNoEncontrada(data?.tienda, error)) return <NotFoundContent />;

  if (data) {
    const found = findProducto(data.tienda, productoId);
    if (!found) return <NotFoundContent />;
    return <ProductoDetalle answer={data} producto={found.producto} categoria={found.categoria} />;
  }
  const fromState = productoFromState(location.state, productoId);
  if (fromState) return <ProductoDetalle producto={fromState} />;
  if (error) {
    return (
      <div className="mx-auto max-w-[600px] px-4 py-6">
        <ErrorState error={error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return <Loading label="Cargando producto…" />;
}

function ProductoDetalle(props: {
  producto: ProductoPublico;
  /** Missing only for a moment: the product came with the navigation, the shop is loading. */
  answer?: TiendaPublicaAnswer;
  categoria?: CategoriaPublica;
}) {
  const { producto, answer, categoria } = props;
  return (
    <Page
      title={producto.name}
      heading={<span className="[overflow-wrap:anywhere]">{producto.name}</span>}
    >
      {answer && (
        <>
          <TiendaMigas
            usuario={answer.tienda.usuario}
            nombre={answer.tienda.nombre}
            categoria={categoria}
          />
          <TiendaCerradaAvisoVivo answer={answer} />
          <TiendaCondiciones answer={answer} />
        </>
      )}
      <TiendaImage
        src={producto.imageUrl}
        // The name is the heading right above: the picture only illustrates it.
        alt=""
        width={600}
        height={450}
        sizes="(min-width: 600px) 568px, calc(100vw - 32px)"
        priority
        className="mb-4 aspect-[4/3] w-full rounded-xl"
      />
      <p className="mb-3 text-2xl font-bold text-marca-700">{precioTexto(producto.price)}</p>
      {producto.descripcion && (
        <p className="mb-3 text-lg whitespace-pre-line">{producto.descripcion}</p>
      )}
      {producto.detalle && (
        <p className="mb-5 whitespace-pre-line text-stone-700">{producto.detalle}</p>
      )}
      {answer && <AddToCartButton answer={answer} producto={producto} />}
    </Page>
  );
}
