import type { Ref } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';

/** A settings screen of a shop not configured yet: why it can't be used, and the way there. */
export function TiendaSinConfigurar({ mensaje }: { mensaje: string }) {
  return (
    <div className="rounded-xl bg-amber-50 px-4 py-6 text-amber-950">
      <p className="mb-4 font-medium">{mensaje}</p>
      <Link to="/configurar-tienda" className={buttonClass()}>
        Configurar Tienda
      </Link>
    </div>
  );
}

/**
 * A settings form's refusal at its top, read out; it takes the focus (through `ref`) when Guardar
 * is refused.
 */
export function ErrorDeAjustes({
  message,
  ref,
}: {
  message: string | undefined;
  ref?: Ref<HTMLParagraphElement>;
}) {
  if (!message) return null;
  return (
    <p
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="mb-4 rounded-lg bg-red-50 p-3 font-medium text-red-800 focus:outline-2 focus:outline-red-700"
    >
      {message}
    </p>
  );
}
