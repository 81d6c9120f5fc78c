import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { isOfertaVigente, PRECIO_MENSUAL_MXN } from '../oferta';
import { beneficios } from '../planes';

/** The plans page body; `now` decides whether the first-month offer is still shown. */
export function PlanesView({ now }: { now: Date }) {
  const oferta = isOfertaVigente(now);
  return (
    <div className="flex flex-col gap-8">
      <section
        aria-labelledby="plan-premium"
        className="mx-auto w-full max-w-md rounded-2xl border-2 border-marca-500 bg-white p-6 text-center shadow-sm"
      >
        <h2 id="plan-premium" className="text-xl font-bold">
          Plan Premium para tiendas
        </h2>
        {oferta && (
          <div className="mt-4 rounded-xl bg-marca-50 p-3 text-marca-700">
            <p className="text-lg font-bold">Primer mes: 0 MXN</p>
            <p className="text-sm">La oferta termina el 31 de diciembre de 2025</p>
          </div>
        )}
        <p className="mt-4">
          <span className="text-4xl font-extrabold">{PRECIO_MENSUAL_MXN} MXN</span>{' '}
          <span className="text-stone-700">al mes</span>
        </p>
        <ul className="mt-4 space-y-2 text-left">
          {[
            'Una cuenta de tipo tienda',
            'Todas las funciones de la tabla',
            'Cancela cuando quieras',
          ].map((texto) => (
            <li key={texto} className="flex items-center gap-2">
              <Check aria-hidden="true" className="size-5 shrink-0 text-green-700" />
              {texto}
            </li>
          ))}
        </ul>
        <Link to="/register" className={buttonClass('primary', 'mt-6 w-full')}>
          Crear mi cuenta de tienda
        </Link>
      </section>

      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
        <table className="w-full border-collapse text-left">
          <caption className="px-4 pt-4 pb-2 text-left text-lg font-bold">
            Beneficios del plan
            <span className="block text-sm font-normal text-stone-700">
              Todo incluido en tu suscripción mensual.
            </span>
          </caption>
          <thead>
            <tr className="border-b border-stone-200 bg-stone-100">
              <th scope="col" className="px-4 py-2">
                Función
              </th>
              <th scope="col" className="px-4 py-2">
                Qué incluye
              </th>
            </tr>
          </thead>
          <tbody>
            {beneficios.map((b) => (
              <tr key={b.funcion} className="border-b border-stone-100 align-top last:border-0">
                <th scope="row" className="w-2/5 px-4 py-3 font-semibold">
                  <span className="flex items-start gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
                    {b.funcion}
                  </span>
                </th>
                <td className="px-4 py-3 text-stone-800">{b.detalle}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
