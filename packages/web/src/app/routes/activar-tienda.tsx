import { useLocation, useNavigate } from 'react-router';
import { activateTienda, ActivarTiendaForm, AjustesPagina } from '../../features/mi-tienda';

/** The store on/off switch; "back" is the previous screen, or the settings menu when opened directly. */
export default function ActivarTienda() {
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => {
    // 'default' is the key of the first entry: there is nothing of ours to go back to.
    if (location.key === 'default') void navigate('/configuracion-de-tienda', { replace: true });
    else void navigate(-1);
  };
  return (
    <AjustesPagina title="Activar o Desactivar Tienda">
      {(tienda) => (
        <ActivarTiendaForm
          key={tienda.tiendaId}
          activa={tienda.activarODesactivar}
          onSave={activateTienda}
          onBack={goBack}
        />
      )}
    </AjustesPagina>
  );
}
