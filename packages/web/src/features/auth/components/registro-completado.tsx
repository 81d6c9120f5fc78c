import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { buttonClass } from '../../../components/ui/button';
import type { TipoUsuario } from './tipo-usuario-step';

/**
 * The full-screen 'Registro completado' welcome. It covers the whole app (bars included) and its
 * only control is 'Cerrar', so focus is moved onto it and kept there.
 */
export function RegistroCompletado(props: { tipousuario: TipoUsuario; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const cerrar = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cerrar.current?.focus();
  }, []);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') props.onClose();
        if (event.key === 'Tab') {
          event.preventDefault();
          cerrar.current?.focus();
        }
      }}
      className="fixed inset-0 z-50 flex flex-col items-center justify-center overflow-y-auto bg-marca-50 px-6 py-10 text-center"
    >
      <CircleCheck aria-hidden="true" className="mb-4 size-16 text-green-700" />
      <h2 id={titleId} className="mb-3 text-3xl font-bold">
        Registro completado
      </h2>
      <div id={textId} className="mb-8 max-w-[28rem] text-lg text-stone-800">
        <p>Bienvenido a Tianguis. Tu cuenta está lista: inicia sesión para continuar.</p>
        {props.tipousuario === 'no' && (
          <p className="mt-3">
            Configura tu tienda después de iniciar sesión. Aparecerá al público cuando un
            administrador la apruebe.
          </p>
        )}
      </div>
      <button
        ref={cerrar}
        type="button"
        className={buttonClass('primary', 'min-w-40')}
        onClick={props.onClose}
      >
        Cerrar
      </button>
    </div>
  );
}
