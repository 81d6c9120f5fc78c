import { Page } from '../../components/ui/page';
import { AprobarTiendas } from '../../features/admin/components/aprobar-tiendas';

/** Section 2, Admin: each pending shop's user with an 'Aprobar' button. */
export default function AprobarUsuarios() {
  return (
    <Page title="Aprobar Usuarios">
      <AprobarTiendas />
    </Page>
  );
}
