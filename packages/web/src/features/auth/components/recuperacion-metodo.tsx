import { Mail, Smartphone } from 'lucide-react';

export type Metodo = 'correo' | 'celular';

const metodos = [
  { value: 'correo', label: 'Recuperar con mi correo', icon: Mail },
  { value: 'celular', label: 'Recuperar con mi celular', icon: Smartphone },
] as const;

/** Two toggle buttons choosing how to recover: pressed is the one shown below. */
export function RecuperacionMetodo(props: { value: Metodo; onChange: (value: Metodo) => void }) {
  return (
    <div
      role="group"
      aria-label="Cómo quieres recuperar tu contraseña"
      className="mb-5 grid grid-cols-2 gap-1 rounded-xl bg-stone-200 p-1"
    >
      {metodos.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={props.value === value}
          onClick={() => props.onChange(value)}
          className="flex min-h-11 items-center justify-center gap-2 rounded-lg px-2 py-2 text-sm font-semibold text-stone-800 aria-pressed:bg-white aria-pressed:text-marca-700 aria-pressed:shadow"
        >
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          {label}
        </button>
      ))}
    </div>
  );
}
