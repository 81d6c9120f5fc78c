import { Link } from 'react-router';
import { buttonClass, Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/status';
import {
  useMiTienda,
  type MiTienda,
  AjustesBannerDesactivada,
  useCatalogoAcciones,
  CatalogoAddMenu,
  CatalogoCategoriaGrid,
  listCategorias,
  listProductos,
  CatalogoSearch,
  useMiTiendaTab,
  CatalogoTabs,
  CatalogoTodosLosProductos,
  PausaPedidos,
} from '../../features/mi-tienda';

function MiTiendaContent({ tienda }: { tienda: MiTienda }) {
  const [tab, setTab] = useMiTiendaTab();
  const acciones = useCatalogoAcciones(tienda);
  const categorias = listCategorias(tienda);
  return (
    <>
      <AjustesBannerDesactivada tienda={tienda} />
      <PausaPedidos tienda={tienda} />
      <CatalogoSearch productos={listProductos(tienda)} />
      <CatalogoTabs
        tab={tab}
        onChange={setTab}
        panels={{
          categorias:
            categorias.length > 0 ? (
              <CatalogoCategoriaGrid categorias={categorias} onOpen={acciones.openCategoria} />
            ) : (
              <EmptyState
                title="No tienes categorias aun"
                text={
                  tienda.configured
                    ? 'Crea una categoría para empezar a agregar tus productos.'
                    : 'Configura tu tienda para poder crear categorías.'
                }
              >
                {tienda.configured ? (
                  <Button onClick={acciones.addCategoria}>Crear categoria</Button>
                ) : (
                  <div className="flex flex-wrap justify-center gap-2">
                    <Button variant="secondary" onClick={acciones.addCategoria}>
                      Crear categoria
                    </Button>
                    <Link to="/configurar-tienda" className={buttonClass('primary')}>
                      Configurar Tienda
                    </Link>
                  </div>
                )}
              </EmptyState>
            ),
          productos: (
            <CatalogoTodosLosProductos
              tienda={tienda}
              onAddProducto={() => acciones.addProducto()}
            />
          ),
        }}
      />
      <CatalogoAddMenu
        canAddProducto={categorias.length > 0}
        onAddCategoria={acciones.addCategoria}
        onAddProducto={() => acciones.addProducto()}
      />
    </>
  );
}

/**
 * /mitienda: the owner's home: pausing orders, and the catalogue by categories or all products
 * (the tab is remembered), each product with its sold-out switch.
 */
export default function MiTiendaScreen() {
  const { data: tienda, error, refetch } = useMiTienda();
  return (
    <Page title="Mi Tienda" wide>
      {tienda ? (
        <MiTiendaContent tienda={tienda} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}
