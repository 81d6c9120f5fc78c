import { ZONA_HORARIA_POR_DEFECTO } from '@tianguis/domain';
import { Page } from '../../components/ui/page';
import { useMiTienda } from '../../features/mi-tienda';
import { ImpresoraAjustes } from '../../features/impresora';

/**
 * /impresora: the thermal printer of this device (docs/web-screens.md, "Thermal printer"). The
 * shop's name and clock are only for the test page, so the screen does not wait for them.
 */
export default function Impresora() {
  const tienda = useMiTienda();
  return (
    <Page title="Impresora térmica">
      <ImpresoraAjustes
        nombreTienda={tienda.data?.nombre ?? 'Tu tienda'}
        timeZone={tienda.data?.timeZone ?? ZONA_HORARIA_POR_DEFECTO}
      />
    </Page>
  );
}
