import { useEffect } from 'react';
import { Mail, Smartphone } from 'lucide-react';
import { useRecuperacionDisponible } from '../api/recuperacion-disponible';

export type Metodo = 'correo' | 'celular';

const metodos = [
  { value: 'correo', label: 'Recuperar con mi correo', icon: Mail },
  { value: 'celular', label: 'Recuperar con mi celular', icon: Smartphone },
] as const;

/**
 * Two toggle buttons choosing how to recover: pressed is the one shown below. The phone is
 * left out when the server says it can't send SMS (docs/reliability.md, "Limits"): a code would reach nobody.
 * Until it answers (or if it can't), both are offered, and the server refuses what it can't do.
 */
export function RecuperacionMetodo(props: { value: Metodo; onChange: (value: Metodo) => void }) {
  const { data } = useRecuperacionDisponible();
  const isCelularOff = data?.celular === false;
  const { value, onChange } = props;

  useEffect(() => {
    if (isCelularOff && value === 'celular') onChange('correo');
  }, [isCelularOff, value, onChange]);

  if (isCelularOff) return null;
  return (
    <div
      role="group"
      aria-label="Cómo quieres recuperar tu contraseña"
      className="mb-5 grid grid-cols-2 gap-1 rounded-xl bg-stone-200 p-1"
    >
      {metodos.map(({ value: metodo, label, icon: Icon }) => (
        <button
          key={metodo}
          type="button"
          aria-pressed={value === metodo}
          onClick={() => onChange(metodo)}
          className="flex min-h-11 items-center justify-center gap-2 rounded-lg px-2 py-2 text-sm font-semibold text-stone-800 aria-pressed:bg-white aria-pressed:text-marca-700 aria-pressed:shadow"
        >
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          {label}
        </button>
      ))}
    </div>
  );
}
