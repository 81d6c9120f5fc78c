import { QrCode } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { useSession } from '../../lib/session-store';
import { tiendaPath } from '../../lib/tienda-publica/catalogo';

/**
 * 'Escanee el Codigo QR' (docs/web-screens.md, "Screens and who may open them"). An owner is
 * taken to its own shop page (what its shoppers see on scanning); a visitor without a session to
 * sign in; anyone else is told how scanning works.
 */
export default function EscanearQr() {
  const session = useSession();
  if (!session) return <Navigate to="/signin" replace />;
  if (session.tipoUsuario === 'TIENDA')
    return <Navigate to={tiendaPath(session.usuario)} replace />;
  return (
    <Page title="Escanee el Codigo QR">
      <div className="flex flex-col items-center gap-4 text-center">
        <QrCode aria-hidden="true" className="size-24 text-marca-600" />
        <p className="text-stone-700">
          Apunta la cámara de tu teléfono al código QR de la tienda. Se abrirá su página en
          Tianguis, donde puedes ver sus productos y agregarlos a tu carrito.
        </p>
        <Link to="/" className={buttonClass('secondary')}>
          Ver las tiendas
        </Link>
      </div>
    </Page>
  );
}
