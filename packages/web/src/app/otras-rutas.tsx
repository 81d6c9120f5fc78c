import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { Guard, type Area } from '../features/auth';
import { screen } from './router';

/**
 * Every screen but the shop's own three (router.tsx), with who may open them (docs/web-screens.md,
 * "Screens and who may open them"): the directory, checkout and tracking, the shopper's orders,
 * the owner's and the admin's screens, the account forms, the seldom opened pages and not-found.
 * The routes router.tsx leaves to its `*` route, in a chunk of their own: the public shop page's
 * first download carries neither this table nor the guard. The layout asks for it as soon as
 * there is a session or a basket, before anyone taps their way here.
 */
const Home = screen(() => import('./routes/home'));
const SignOut = screen(() => import('./routes/sign-out'));
const Seguimiento = screen(() => import('./routes/seguimiento'));
const Landing = screen(() => import('./routes/landing'));
const RecuperarContrasena = screen(() => import('./routes/recuperar-contrasena'));
const AvisoPrivacidad = screen(() => import('./routes/aviso-privacidad'));
const Planes = screen(() => import('./routes/planes'));
const Register = screen(() => import('./routes/register'));
const SignIn = screen(() => import('./routes/sign-in'));
const Checkout = screen(() => import('./routes/checkout'));
const MisPedidos = screen(() => import('./routes/mis-pedidos'));
const MisPedidosDetalle = screen(() => import('./routes/mis-pedidos-detalle'));
const AdminMenu = screen(() => import('./routes/admin-menu'));
const AprobarUsuarios = screen(() => import('./routes/aprobar-usuarios'));
const UsuariosRegistrados = screen(() => import('./routes/usuarios-registrados'));
const PreguntasFrecuentesTienda = screen(() => import('./routes/preguntas-frecuentes-tienda'));
const EscanearQr = screen(() => import('./routes/escanear-qr'));
const ConfiguracionDeTienda = screen(() => import('./routes/configuracion-de-tienda'));
const ConfigurarTienda = screen(() => import('./routes/configurar-tienda'));
const MiTienda = screen(() => import('./routes/mi-tienda'));
const MiTiendaProductos = screen(() => import('./routes/mi-tienda-productos'));
const MiTiendaCategoria = screen(() => import('./routes/mi-tienda-categoria'));
const CategoriaForm = screen(() => import('./routes/admin-categoria-form'));
const ProductoForm = screen(() => import('./routes/producto-form'));
const Horarios = screen(() => import('./routes/horarios'));
const ZonasEnvio = screen(() => import('./routes/zonas-envio'));
const PedidosProgramados = screen(() => import('./routes/pedidos-programados'));
const ActivarTienda = screen(() => import('./routes/activar-tienda'));
const CodigoQr = screen(() => import('./routes/codigo-qr'));
const Pedidos = screen(() => import('./routes/pedidos'));
const PedidosDetalle = screen(() => import('./routes/pedidos-detalle'));
const PedidoNuevo = screen(() => import('./routes/pedido-nuevo'));
const Ventas = screen(() => import('./routes/ventas'));
const VentasCorte = screen(() => import('./routes/ventas-corte'));
const Impresora = screen(() => import('./routes/impresora'));
const Cocina = screen(() => import('./routes/cocina'));
const Personal = screen(() => import('./routes/personal'));
const PersonalAceptar = screen(() => import('./routes/personal-aceptar'));
const Agotados = screen(() => import('./routes/agotados'));
const NotFound = screen(() => import('./routes/not-found'));

function guarded(area: Area, Screen: ComponentType) {
  return (
    <Guard area={area}>
      <Screen />
    </Guard>
  );
}

export default function OtrasRutas() {
  return (
    <Routes>
      <Route path="register" element={guarded('solo-anonimo', Register)} />
      <Route path="signin" element={guarded('solo-anonimo', SignIn)} />
      <Route path="checkout" element={guarded('carrito', Checkout)} />
      <Route path="mispedidos" element={guarded('carrito', MisPedidos)} />
      <Route path="mispedidosdetalle" element={guarded('compras', MisPedidosDetalle)} />
      <Route path="admin-menu" element={guarded('admin', AdminMenu)} />
      <Route path="aprobar-usuarios" element={guarded('admin', AprobarUsuarios)} />
      <Route path="usuarios-registrados" element={guarded('admin', UsuariosRegistrados)} />
      <Route
        path="preguntas-frecuentes-tienda"
        element={guarded('faq-tienda', PreguntasFrecuentesTienda)}
      />
      {/* The shop's screens (docs/web-screens.md, "The owner's screens"), each behind what the
          person may do (docs/api.md, "Staff and the kitchen"); 'tienda' is anyone of the shop. */}
      <Route path="configuracion-de-tienda" element={guarded('ajustes', ConfiguracionDeTienda)} />
      <Route path="configurar-tienda" element={guarded('ajustes', ConfigurarTienda)} />
      <Route path="mitienda" element={guarded('catalogo', MiTienda)} />
      <Route path="mitiendaproductos" element={guarded('catalogo', MiTiendaProductos)} />
      <Route path="mitiendacategoria" element={guarded('catalogo', MiTiendaCategoria)} />
      <Route path="admin-categoria-form" element={guarded('catalogo', CategoriaForm)} />
      <Route path="admin-categoria-form/:id" element={guarded('catalogo', CategoriaForm)} />
      <Route path="producto-form" element={guarded('catalogo', ProductoForm)} />
      <Route path="producto-form/:id" element={guarded('catalogo', ProductoForm)} />
      <Route path="horarios" element={guarded('catalogo', Horarios)} />
      <Route path="zonas-envio" element={guarded('ajustes', ZonasEnvio)} />
      <Route path="pedidos-programados" element={guarded('ajustes', PedidosProgramados)} />
      <Route path="activartienda" element={guarded('ajustes', ActivarTienda)} />
      <Route path="codigoqr" element={guarded('tienda', CodigoQr)} />
      <Route path="pedidos" element={guarded('pedidos', Pedidos)} />
      <Route path="pedidosdetalle" element={guarded('pedidos', PedidosDetalle)} />
      <Route path="pedidos/nuevo" element={guarded('atender', PedidoNuevo)} />
      <Route path="ventas" element={guarded('ventas', Ventas)} />
      <Route path="ventas/corte" element={guarded('corte', VentasCorte)} />
      <Route path="impresora" element={guarded('tienda', Impresora)} />
      {/* The kitchen display: every role of the shop may mark an order ready. */}
      <Route path="cocina" element={guarded('tienda', Cocina)} />
      <Route path="personal" element={guarded('ajustes', Personal)} />
      <Route path="agotados" element={guarded('agotar', Agotados)} />
      {/* The invitation's link: the screen itself handles a signed-in person. */}
      <Route path="personal/aceptar" element={<PersonalAceptar />} />
      <Route path="escanear-qr" element={<EscanearQr />} />
      <Route index element={<Home />} />
      <Route path="signout" element={<SignOut />} />
      <Route path="pedido/seguimiento/:seguimiento" element={<Seguimiento />} />
      <Route path="landing" element={<Landing />} />
      <Route path="recuperar-contrasena" element={<RecuperarContrasena />} />
      <Route path="avisoprivacidad" element={<AvisoPrivacidad />} />
      <Route path="planes" element={<Planes />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
