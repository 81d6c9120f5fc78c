import { ROL_ETIQUETAS, type PersonalVista, type RolPersonal } from '@tianguis/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/field';
import { notify } from '../../../lib/toast';
import { errorMessage } from '../../auth';
import { RolOpciones } from './rol-opciones';

const FALLO = 'No pudimos guardar el cambio. Inténtalo de nuevo.';

export interface AccionesDePersonal {
  changeRol: (personalId: number, rol: RolPersonal) => Promise<PersonalVista>;
  removeMiembro: (personalId: number) => Promise<PersonalVista>;
}

/**
 * 'Cambiar rol' (the three roles in a dialog) and 'Dar de baja' (asked first) for one member;
 * each dialog keeps the server's refusal inside it, and a done change is told by a toast.
 */
export function MiembroAcciones({
  miembro,
  acciones,
}: {
  miembro: PersonalVista;
  acciones: AccionesDePersonal;
}) {
  const [abierto, setAbierto] = useState<'rol' | 'baja'>();
  const [rol, setRol] = useState<RolPersonal>(miembro.rol);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const abrir = (cual: 'rol' | 'baja') => {
    setRol(miembro.rol);
    setError(undefined);
    setAbierto(cual);
  };
  const cerrar = () => {
    if (!busy) setAbierto(undefined);
  };

  async function ejecutar(accion: () => Promise<unknown>, hecho: string) {
    setBusy(true);
    setError(undefined);
    try {
      await accion();
    } catch (failure) {
      setError(errorMessage(failure, FALLO));
      setBusy(false);
      return;
    }
    setBusy(false);
    setAbierto(undefined);
    notify.success(hecho);
  }

  const nombre = miembro.nombreCompleto;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button
        variant="secondary"
        aria-label={`Cambiar rol de ${nombre}`}
        onClick={() => abrir('rol')}
      >
        Cambiar rol
      </Button>
      <Button variant="ghost" aria-label={`Dar de baja a ${nombre}`} onClick={() => abrir('baja')}>
        Dar de baja
      </Button>
      <ConfirmDialog
        open={abierto === 'rol'}
        title={`Rol de ${nombre}`}
        confirmLabel="Guardar"
        busy={busy}
        onCancel={cerrar}
        onConfirm={() => {
          if (rol === miembro.rol) {
            setAbierto(undefined);
            return;
          }
          void ejecutar(
            () => acciones.changeRol(miembro.personalId, rol),
            `Rol de ${nombre}: ${ROL_ETIQUETAS[rol]}`,
          );
        }}
      >
        <FormError message={error} />
        <RolOpciones
          legend="Elige su rol"
          name={`rol-${miembro.personalId}`}
          value={rol}
          onChange={setRol}
        />
        <p className="text-sm text-stone-700">
          El cambio aplica de inmediato, aunque ya esté dentro.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={abierto === 'baja'}
        title={`¿Dar de baja a ${nombre}?`}
        confirmLabel="Dar de baja"
        danger
        busy={busy}
        onCancel={cerrar}
        onConfirm={() =>
          void ejecutar(
            () => acciones.removeMiembro(miembro.personalId),
            `${nombre} ya no puede entrar a tu tienda`,
          )
        }
      >
        <FormError message={error} />
        <p>Ya no podrá entrar a tu tienda.</p>
      </ConfirmDialog>
    </div>
  );
}
