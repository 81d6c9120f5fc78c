import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';

/**
 * A modal question on the native <dialog>: focus moves into it and stays there, Escape cancels,
 * and the page behind can't be clicked.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { open, onCancel } = props;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(92vw,28rem)] rounded-2xl p-0 shadow-xl backdrop:bg-black/50"
    >
      {open && (
        <div className="p-5">
          <h2 id={titleId} className="mb-3 text-lg font-bold">
            {props.title}
          </h2>
          {props.children}
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel} disabled={props.busy}>
              {props.cancelLabel ?? 'Cancelar'}
            </Button>
            <Button
              variant={props.danger ? 'danger' : 'primary'}
              onClick={props.onConfirm}
              disabled={props.busy}
              aria-busy={props.busy || undefined}
            >
              {props.confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
