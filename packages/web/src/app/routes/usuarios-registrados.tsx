import { Page } from '../../components/ui/page';
import { UsuariosRegistradosList } from '../../features/admin';

/** Cards with id, type, phone, email and date (docs/web-screens.md, "The admin's screens"). */
export default function UsuariosRegistrados() {
  return (
    <Page title="Usuarios Registrados">
      <UsuariosRegistradosList />
    </Page>
  );
}
