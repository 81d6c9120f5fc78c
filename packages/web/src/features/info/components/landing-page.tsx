import { CalendarDays, ClipboardList, QrCode, ShoppingBasket, Store } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ContactoForm } from './contacto-form';

const soluciones = [
  {
    Icon: Store,
    titulo: 'Tu catálogo en línea',
    texto: 'Publica tu menú o catálogo por categorías, con fotos, descripciones y precios.',
  },
  {
    Icon: QrCode,
    titulo: 'Código QR para tu local',
    texto: 'Tus clientes escanean el código y ven tu tienda en su celular, sin instalar nada.',
  },
  {
    Icon: ClipboardList,
    titulo: 'Pedidos al momento',
    texto: 'Recibe cada pedido con los datos de entrega del cliente y márcalo como completado.',
  },
  {
    Icon: CalendarDays,
    titulo: 'Horarios y días feriados',
    texto: 'Tu tienda muestra cuándo está abierta y cuándo vuelve a abrir.',
  },
] as const;

const servicios = [
  'Menú digital para restaurantes, taquerías y cocinas económicas.',
  'Catálogo para abarrotes, panaderías y tiendas de barrio.',
  'Canasta de compras para tus clientes, con monto mínimo y costo de envío.',
  'Seguimiento del estado de cada pedido para ti y para tu cliente.',
  'Envío del pedido por WhatsApp al celular de tu negocio, si el cliente lo desea.',
] as const;

/** One of the page's parts: a region named by its heading (`id`), the heading's margin told. */
function Apartado(props: {
  id: string;
  titulo: string;
  className?: string;
  tituloClassName: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.id} className={props.className}>
      <h2 id={props.id} className={`${props.tituloClassName} text-2xl font-bold`}>
        {props.titulo}
      </h2>
      {props.children}
    </section>
  );
}

/**
 * The marketing landing page: hero, featured solutions, about, services, contact
 * (docs/web-screens.md, "Information pages").
 */
export function LandingPage() {
  useEffect(() => {
    document.title = 'Tianguis · Tu tienda en línea';
  }, []);
  return (
    <div className="pb-28">
      <section className="bg-gradient-to-b from-marca-50 to-stone-50 px-4 pt-10 pb-12">
        <div className="mx-auto max-w-[1100px] text-center">
          <p className="mb-2 font-semibold tracking-wide text-marca-700 uppercase">Tianguis</p>
          <h1 className="mx-auto max-w-3xl text-3xl font-extrabold sm:text-5xl">
            Tu menú y tu catálogo en línea, con pedidos directos a tu negocio
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700">
            Para las tiendas, fondas y negocios de México: comparte tu tienda con un código QR y
            recibe los pedidos de tus clientes en un solo lugar.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/register" className={buttonClass('primary', 'px-6')}>
              Crear mi cuenta
            </Link>
            <Link to="/planes" className={buttonClass('secondary', 'px-6')}>
              Ver planes
            </Link>
          </div>
        </div>
      </section>

      <div className="mx-auto flex max-w-[1100px] flex-col gap-14 px-4 pt-10">
        <Apartado
          id="landing-soluciones"
          titulo="Soluciones destacadas"
          tituloClassName="mb-6 text-center"
        >
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {soluciones.map(({ Icon, titulo, texto }) => (
              <li
                key={titulo}
                className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
              >
                <Icon aria-hidden="true" className="mb-3 size-9 text-marca-600" />
                <h3 className="mb-1 text-lg font-semibold">{titulo}</h3>
                <p className="text-stone-700">{texto}</p>
              </li>
            ))}
          </ul>
        </Apartado>

        <Apartado
          id="landing-nosotros"
          titulo="Sobre Tianguis"
          className="mx-auto max-w-[600px]"
          tituloClassName="mb-4"
        >
          <p className="mb-3 text-stone-800">
            Como en el tianguis de tu colonia, cada negocio tiene su propio puesto. Tianguis le da a
            cada tienda su página con su nombre, su logotipo y sus productos, lista para abrirse
            desde el celular de cualquier cliente.
          </p>
          <p className="text-stone-800">
            Nació para que los negocios pequeños vendan en línea sin páginas complicadas ni
            aplicaciones que instalar: tú configuras tu tienda en minutos y tus clientes piden en
            unos cuantos toques.
          </p>
        </Apartado>

        <Apartado
          id="landing-servicios"
          titulo="Servicios"
          className="mx-auto w-full max-w-[600px]"
          tituloClassName="mb-4"
        >
          <ul className="space-y-3">
            {servicios.map((s) => (
              <li key={s} className="flex gap-3 rounded-xl bg-white p-4 shadow-sm">
                <ShoppingBasket aria-hidden="true" className="size-6 shrink-0 text-marca-600" />
                <span>{s}</span>
              </li>
            ))}
          </ul>
        </Apartado>

        <Apartado
          id="landing-contacto"
          titulo="Contacto"
          className="mx-auto w-full max-w-[600px]"
          tituloClassName="mb-2"
        >
          <p className="mb-4 text-stone-700">
            ¿Tienes dudas? Escríbenos y te respondemos por correo.
          </p>
          <ContactoForm />
        </Apartado>

        <footer className="border-t border-stone-200 pt-6 text-center text-sm text-stone-700">
          <Link to="/avisoprivacidad" className="underline underline-offset-2">
            Aviso de privacidad
          </Link>
          {' · '}
          <Link to="/planes" className="underline underline-offset-2">
            Planes
          </Link>
        </footer>
      </div>
    </div>
  );
}
