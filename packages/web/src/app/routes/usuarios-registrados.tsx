import { Page } from '../../components/ui/page';
import { UsuariosRegistradosList } from '../../features/admin/components/usuarios-registrados-list';

/** Section 2, Admin: cards with id, type, phone, email and date. */
export default function UsuariosRegistrados() {
  return (
    <Page title="Usuarios Registrados">
      <UsuariosRegistradosList />
    </Page>
  );
}
