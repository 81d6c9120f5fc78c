import { CanastaBarra } from '../../carrito';
import type {
  CategoriaPublica,
  ProductoPublico,
  TiendaPublicaAnswer,
} from '../../../lib/tienda-publica/get-tienda-publica';
import { useCompra } from './add-to-cart-button';
import { ProductoLista } from './producto-lista';

/** One category's page: its product cards, the options sheet and the basket bar. */
export function ProductoCards(props: {
  answer: TiendaPublicaAnswer;
  categoria: CategoriaPublica;
  productos: ProductoPublico[];
}) {
  const { compra, sheet } = useCompra(props.answer);
  return (
    <>
      <ProductoLista
        usuario={props.answer.tienda.usuario}
        categoria={props.categoria}
        productos={props.productos}
        compra={compra}
        prioritarias={2}
      />
      {sheet}
      <CanastaBarra canasta={compra.canasta} />
    </>
  );
}
