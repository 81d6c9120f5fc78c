import { ShoppingBag, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** 'si' is a shopper (USUARIO), 'no' a shop (TIENDA): the payload's tipousuario. */
export type TipoUsuario = 'si' | 'no';

const opciones: { value: TipoUsuario; title: string; text: string; icon: ReactNode }[] = [
  {
    value: 'si',
    title: 'Consumidor',
    text: 'Puede comprar productos',
    icon: <ShoppingBag aria-hidden="true" className="size-7 shrink-0" />,
  },
  {
    value: 'no',
    title: 'Tienda',
    text: 'Puede publicar productos para su venta',
    icon: <Store aria-hidden="true" className="size-7 shrink-0" />,
  },
];

/** Registration step 1: native radios, so arrow keys and Space work as everywhere else. */
export function TipoUsuarioStep(props: {
  value: TipoUsuario | undefined;
  onChange: (value: TipoUsuario) => void;
  onNext: () => void;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (props.value) props.onNext();
      }}
    >
      <fieldset>
        <legend className="mb-3 text-lg font-semibold">Qué tipo de usuario eres?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {opciones.map((opcion) => (
            <label
              key={opcion.value}
              className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-stone-300 bg-white p-4 has-checked:border-marca-600 has-checked:bg-marca-50 has-focus-visible:outline-2 has-focus-visible:outline-marca-600"
            >
              <input
                type="radio"
                name="tipousuario"
                value={opcion.value}
                checked={props.value === opcion.value}
                onChange={() => props.onChange(opcion.value)}
                className="size-5 accent-marca-600"
              />
              {opcion.icon}
              <span>
                <span className="block font-semibold">{opcion.title}</span>
                <span className="block text-sm text-stone-700">{opcion.text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="mt-6 w-full" disabled={!props.value}>
        Siguiente
      </Button>
    </form>
  );
}
