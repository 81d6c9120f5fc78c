import { useNavigate } from 'react-router';
import { AjustesPagina, updateTienda, uploadImage, WizardTienda } from '../../features/mi-tienda';

const AJUSTES = '/configuracion-de-tienda';

/** The store setup wizard, opened on the shop's current values. */
export default function ConfigurarTienda() {
  const navigate = useNavigate();
  return (
    <AjustesPagina title="Configurar Tienda">
      {(tienda) => (
        <WizardTienda
          // Saving puts the new shop in the cache; the open form keeps what was typed.
          key={tienda.tiendaId}
          tienda={tienda}
          onSave={updateTienda}
          onUpload={uploadImage}
          onCancel={() => void navigate(AJUSTES)}
          onClose={() => void navigate(AJUSTES)}
        />
      )}
    </AjustesPagina>
  );
}
