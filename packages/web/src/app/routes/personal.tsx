import { Page } from '../../components/ui/page';
import { PersonalPantalla } from '../../features/personal';

/** /personal: the owner's staff and invitations (docs/api.md, "Staff and the kitchen"). */
export default function Personal() {
  return (
    <Page title="Personal">
      <PersonalPantalla />
    </Page>
  );
}
