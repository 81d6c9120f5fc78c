/**
 * Seeding a running server through its HTTP API only, for `npm run bench -- --ab <ref>`: the two
 * builds compared have different schemas and seed code, but every build since the first edition
 * (d84021a) answers the same calls. Owners and shoppers register (/api/login/registerUser) and
 * sign in; each owner uploads a 1×1 PNG (/api/ImageStorage/uploadImage: the current build takes
 * only images it stored), configures the shop (/api/tienda/updatetienda: no minimum, 12.50
 * shipping), adds one category and its products, sets weekly hours 00:00–23:59 every day
 * (/api/horario/addrange), and the admin (ADMIN_EMAIL/ADMIN_PASSWORD, read at boot by both
 * builds) approves the shop (/api/tienda/approveTienda). Registrations and sign-ins come from
 * distinct forwarded addresses (TRUST_PROXY=127.0.0.1), as the per-address limits want.
 */
import { claimsOf, uploadImage } from '../lib/server-api.js';

/** The admin the A/B servers are started with (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const AB_ADMIN = { email: 'admin-ab@tianguis.mx', password: 'Admin12345' };
export const AB_PASSWORD = 'Secreta123';

const DIAS = ['LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES', 'SABADO', 'DOMINGO'];

export interface ApiShop {
  id: number;
  usuario: string;
  ownerEmail: string;
  ownerToken: string;
  productoIds: number[];
}

export interface ApiShopper {
  email: string;
  token: string;
}

export interface ApiSeed {
  shops: ApiShop[];
  shoppers: ApiShopper[];
  seconds: number;
}

/** A distinct client address (TEST-NET-3, only ever a header value) for account number `n`. */
export function abAddressOf(n: number): string {
  return `203.0.${113 + ((n >> 8) % 100)}.${n & 255}`;
}

async function post<T>(
  base: string,
  urlPath: string,
  body: unknown,
  options: { token?: string; address?: string } = {},
): Promise<T> {
  const res = await fetch(base + urlPath, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...(options.address && { 'x-forwarded-for': options.address }),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${urlPath}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signIn(base: string, email: string, address: string): Promise<string> {
  return (
    await post<{ token: string }>(
      base,
      '/api/login/authenticate',
      { email, password: AB_PASSWORD },
      { address },
    )
  ).token;
}

/** `work(i)` for i in [0, count), `parallel` at a time. */
async function pool(count: number, parallel: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

type Lista = {
  tiendaId: number;
  categorias: { id: number; title: string; productos: { id: number }[] }[];
}[];

export async function seedThroughApi(
  base: string,
  spec: { shops: number; productsPerShop: number; shoppers: number },
): Promise<ApiSeed> {
  const started = performance.now();
  const adminToken = (
    await post<{ token: string }>(base, '/api/login/authenticate', AB_ADMIN, {
      address: abAddressOf(60_000),
    })
  ).token;

  const shops: ApiShop[] = new Array(spec.shops);
  await pool(spec.shops, 4, async (k) => {
    const address = abAddressOf(k);
    const email = `abtienda${k}@correo.com`;
    const usuario = `abfonda${k}`;
    await post(
      base,
      '/api/login/registerUser',
      {
        email,
        password: AB_PASSWORD,
        usuario,
        tipousuario: 'no',
        celular: `55${String(10_000_000 + k)}`,
        nombreCompleto: '',
        direccionEntrega: '',
      },
      { address },
    );
    const token = await signIn(base, email, address);
    const tiendaId = Number(claimsOf(token).groupsid);
    const imageUrl = await uploadImage(base, token);
    await post(
      base,
      '/api/tienda/updatetienda',
      {
        nombre: `Fonda AB ${k}`,
        imageUrl,
        radioMontoMinimo: 'no',
        montoMinimo: 0,
        radioCostoDeEnvio: 'si',
        costoDeEnvio: 12.5,
      },
      { token },
    );
    let lista = await post<Lista>(
      base,
      '/api/tienda/addcategoria',
      { title: 'Comida corrida', imageUrl },
      { token },
    );
    const categoriaId = lista[0]!.categorias.find((c) => c.title === 'Comida corrida')!.id;
    for (let p = 0; p < spec.productsPerShop; p += 1) {
      lista = await post<Lista>(
        base,
        '/api/tienda/addproducto',
        {
          name: `Platillo ${p + 1}`,
          price: 50 + 5 * p,
          descripcion: 'Platillo del día de la fonda',
          detalle: 'Con arroz, frijoles y tortillas',
          categoriaId,
          imageUrl,
        },
        { token },
      );
    }
    await post(
      base,
      '/api/horario/addrange',
      DIAS.map((dia) => ({ tiendaId, dia, apertura: '00:00', cierre: '23:59', cerrado: false })),
      { token },
    );
    await post(base, '/api/tienda/approveTienda', { tiendaId }, { token: adminToken });
    const productoIds = lista[0]!.categorias.flatMap((c) => c.productos.map((p) => p.id));
    if (productoIds.length !== spec.productsPerShop) {
      throw new Error(`tienda ${tiendaId}: ${productoIds.length} productos en su catálogo`);
    }
    shops[k] = { id: tiendaId, usuario, ownerEmail: email, ownerToken: token, productoIds };
  });

  const shoppers: ApiShopper[] = new Array(spec.shoppers);
  await pool(spec.shoppers, 4, async (k) => {
    const address = abAddressOf(1000 + k);
    const email = `abcliente${k}@correo.com`;
    await post(
      base,
      '/api/login/registerUser',
      {
        email,
        password: AB_PASSWORD,
        usuario: '',
        tipousuario: 'si',
        celular: `55${String(20_000_000 + k)}`,
        nombreCompleto: `Cliente ${k}`,
        direccionEntrega: 'Calle Morelos 12, Centro',
      },
      { address },
    );
    shoppers[k] = { email, token: await signIn(base, email, address) };
  });

  // Every shop must be public now: its page answers 200.
  for (const shop of shops) {
    const res = await fetch(`${base}/api/tienda/publica/${shop.usuario}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`publica/${shop.usuario}: ${res.status}`);
  }
  return { shops, shoppers, seconds: (performance.now() - started) / 1000 };
}
