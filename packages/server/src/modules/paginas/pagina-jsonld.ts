import { normalizeDia, pesosToCentavos, type Dia } from '@tianguis/domain';
import type { CategoriaView, ProductoView, TiendaView } from '../tiendas/tienda.service.js';
import {
  absoluteUrl,
  categoriasVisibles,
  hasImage,
  productoPath,
  productosVisibles,
  tiendaPath,
  type Pagina,
  type TiendaPublicaAnswer,
} from './pagina.view.js';

// schema.org structured data for search engines: the shop with its menu and MXN prices, or one
// product with its offer.

const SCHEMA_DAYS: Record<Dia, string> = {
  LUNES: 'https://schema.org/Monday',
  MARTES: 'https://schema.org/Tuesday',
  MIERCOLES: 'https://schema.org/Wednesday',
  JUEVES: 'https://schema.org/Thursday',
  VIERNES: 'https://schema.org/Friday',
  SABADO: 'https://schema.org/Saturday',
  DOMINGO: 'https://schema.org/Sunday',
};

/**
 * Words that make a shop a place that serves food (a `Restaurant`, whose menu schema.org
 * describes with `hasMenu`) rather than a shop of goods (a `Store` with an offer catalogue).
 * Shops don't say which they are, so their name and category titles decide.
 */
const FOOD =
  /(taquer|taco|comida|fonda|cocina|restaur|antojit|pizz|torta|hamburgues|marisc|cafeter|caf[eé]|birria|pozole|tamal|quesadill|gordit|pollo|carnitas|barbacoa|sushi|desayun|almuerz|cena|postre|bebida|aguas? fresca|jugo|licuad|panader|pan dulce|helad|nieve|paleter|elote|esquite|loncher|guisad|menudo|enchilad|burrit|hot ?dog|alitas|ceviche|coctel|mole|churr)/i;

export function isFoodShop(tienda: TiendaView): boolean {
  return [tienda.nombre, ...categoriasVisibles(tienda).map((c) => c.title)].some((t) =>
    FOOD.test(t.normalize('NFC')),
  );
}

function price(producto: ProductoView): string {
  return (pesosToCentavos(producto.price) / 100).toFixed(2);
}

function offerOf(producto: ProductoView, url: string) {
  return {
    '@type': 'Offer',
    price: price(producto),
    priceCurrency: 'MXN',
    availability: producto.agotado ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
    url,
  };
}

function imageOf(origin: string, url: string): string | undefined {
  return hasImage(url) ? absoluteUrl(origin, url) : undefined;
}

function openingHoursOf(answer: TiendaPublicaAnswer) {
  return answer.horarios.flatMap((h) => {
    const dia = normalizeDia(h.dia);
    if (!dia || h.cerrado) return [];
    return [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: SCHEMA_DAYS[dia],
        opens: h.apertura.slice(0, 5),
        closes: h.cierre.slice(0, 5),
      },
    ];
  });
}

function description(producto: ProductoView): string | undefined {
  const text = [producto.descripcion, producto.detalle].filter((t) => t.trim() !== '').join('. ');
  return text === '' ? undefined : text;
}

/** A product as a menu's `MenuItem`, or as a catalogue's `Product` that names its category. */
function itemOf(
  type: 'MenuItem' | 'Product',
  origin: string,
  tienda: TiendaView,
  c: CategoriaView,
  p: ProductoView,
) {
  const url = `${origin}${productoPath(tienda.usuario, c, p)}`;
  return {
    '@type': type,
    name: p.name,
    description: description(p),
    image: imageOf(origin, p.imageUrl),
    category: type === 'Product' ? c.title : undefined,
    url,
    offers: offerOf(p, url),
  };
}

/** The shop as a `Restaurant` with its menu or a `Store` with its catalogue. */
export function tiendaJsonLd(answer: TiendaPublicaAnswer, origin: string) {
  const { tienda } = answer;
  const food = isFoodShop(tienda);
  const categorias = categoriasVisibles(tienda);
  const catalogue = food
    ? {
        hasMenu: {
          '@type': 'Menu',
          name: `Menú de ${tienda.nombre}`,
          hasMenuSection: categorias.map((c) => ({
            '@type': 'MenuSection',
            name: c.title,
            hasMenuItem: productosVisibles(c).map((p) => itemOf('MenuItem', origin, tienda, c, p)),
          })),
        },
      }
    : {
        hasOfferCatalog: {
          '@type': 'OfferCatalog',
          name: `Productos de ${tienda.nombre}`,
          itemListElement: categorias.map((c) => ({
            '@type': 'OfferCatalog',
            name: c.title,
            itemListElement: productosVisibles(c).map((p) =>
              itemOf('Product', origin, tienda, c, p),
            ),
          })),
        },
      };
  const hours = openingHoursOf(answer);
  return {
    '@context': 'https://schema.org',
    '@type': food ? 'Restaurant' : 'Store',
    name: tienda.nombre,
    url: `${origin}${tiendaPath(tienda.usuario)}`,
    image: imageOf(origin, tienda.imageUrl),
    // The public phone the owner set, else the account's (as before there was one).
    telephone:
      tienda.telefono ?? (tienda.celularTienda.trim() === '' ? undefined : tienda.celularTienda),
    address: tienda.direccion ?? undefined,
    geo: tienda.ubicacion
      ? {
          '@type': 'GeoCoordinates',
          latitude: tienda.ubicacion.lat,
          longitude: tienda.ubicacion.lng,
        }
      : undefined,
    currenciesAccepted: 'MXN',
    openingHoursSpecification: hours.length === 0 ? undefined : hours,
    ...catalogue,
  };
}

/** A product page: the `Product` with its `Offer`, sold by the shop. */
export function productoJsonLd(
  answer: TiendaPublicaAnswer,
  pagina: Extract<Pagina, { kind: 'producto' }>,
  origin: string,
) {
  const { tienda } = answer;
  const product = itemOf('Product', origin, tienda, pagina.categoria, pagina.producto);
  return {
    '@context': 'https://schema.org',
    ...product,
    offers: {
      ...product.offers,
      seller: {
        '@type': isFoodShop(tienda) ? 'Restaurant' : 'Store',
        name: tienda.nombre,
        url: `${origin}${tiendaPath(tienda.usuario)}`,
      },
    },
  };
}

export function jsonLdOf(answer: TiendaPublicaAnswer, pagina: Pagina, origin: string): unknown {
  return pagina.kind === 'producto'
    ? productoJsonLd(answer, pagina, origin)
    : tiendaJsonLd(answer, origin);
}
