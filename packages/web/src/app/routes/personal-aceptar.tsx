import { Page } from '../../components/ui/page';
import { AceptarPantalla } from '../../features/personal';

/** /personal/aceptar?token=…: the link of a staff invitation (docs/api.md, "Staff and the kitchen"). */
export default function PersonalAceptar() {
  return (
    <Page title="Únete al personal">
      <AceptarPantalla />
    </Page>
  );
}
