import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useAccion } from '../hooks/use-accion';

/**
 * The end of a catalogue form (a category's, a product's): Cancelar and Guardar, and, when
 * `onDelete` is given (editing), Eliminar, which asks `confirmar` first (with `children` under the
 * question) and closes the question once deleted; a failed delete shows `noSeElimino` or the
 * server's message as a toast.
 */
export function CatalogoFormAcciones(props: {
  saving: boolean;
  /** An image is uploading: Guardar waits for it. */
  uploading: boolean;
  onCancel: () => void;
  onDelete: (() => Promise<void>) | undefined;
  confirmar: string;
  noSeElimino: string;
  children?: ReactNode;
}) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, runDelete] = useAccion(props.noSeElimino);
  const { onDelete } = props;

  const onConfirmDelete = async () => {
    if (onDelete && (await runDelete(onDelete))) setConfirmDelete(false);
  };

  return (
    <>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        {onDelete && (
          <Button variant="danger" className="mr-auto" onClick={() => setConfirmDelete(true)}>
            Eliminar
          </Button>
        )}
        <Button variant="secondary" onClick={props.onCancel}>
          Cancelar
        </Button>
        <SubmitButton busy={props.saving} busyLabel="Guardando…" disabled={props.uploading}>
          Guardar
        </SubmitButton>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title={props.confirmar}
        confirmLabel="Eliminar"
        cancelLabel="Cancelar"
        danger
        busy={deleting}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setConfirmDelete(false)}
      >
        {props.children}
      </ConfirmDialog>
    </>
  );
}
