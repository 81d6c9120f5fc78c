import { Page } from '../../components/ui/page';
import { AprobarTiendas } from '../../features/admin';

/** Each pending shop's user with an 'Aprobar' button (docs/web-screens.md, admin's screens). */
export default function AprobarUsuarios() {
  return (
    <Page title="Aprobar Usuarios">
      <AprobarTiendas />
    </Page>
  );
}
