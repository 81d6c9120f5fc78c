import { Page } from '../../components/ui/page';
import { AvisoPrivacidad } from '../../features/info';

export default function AvisoPrivacidadScreen() {
  return (
    <Page title="Aviso de Privacidad" heading="Aviso de privacidad integral">
      <AvisoPrivacidad />
    </Page>
  );
}
