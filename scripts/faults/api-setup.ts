/**
 * Setting up, through a running server's API, what the fault scripts (kill.ts, pg-restart.ts)
 * order from: accounts, and a public shop approved by the admin. Each script sends the calls its
 * own way (pg-restart records every answer), so they come in as `post`.
 */
import { claimsOf } from '../lib/server-api.js';

export { claimsOf, uploadImage } from '../lib/server-api.js';

/** The admin the fault scripts start their servers with (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@tianguis.mx', password: 'Admin12345' };
/** Every account registered here has this password. */
export const PASSWORD = 'Secreta123';

/** POSTs `body` as JSON (with the token, when given); answers the body of a 200, else throws. */
export type Post = <T>(urlPath: string, body: unknown, token?: string) => Promise<T>;

export interface Account {
  token: string;
  id: number;
  tiendaId: number;
}

export async function signIn(post: Post, email: string, password: string): Promise<string> {
  return (await post<{ token: string }>('/api/login/authenticate', { email, password })).token;
}

let sequence = 0;

/** A new shopper (`si`) or shop owner (`no`), signed in; its email is new for this process. */
export async function register(post: Post, tipousuario: 'si' | 'no'): Promise<Account> {
  sequence += 1;
  const n = (process.pid % 10_000) * 1000 + sequence;
  const email = `${tipousuario === 'si' ? 'cliente' : 'tienda'}${n}@correo.com`;
  await post('/api/login/registerUser', {
    email,
    password: PASSWORD,
    usuario: tipousuario === 'si' ? '' : `fonda${n}`,
    tipousuario,
    celular: `55${String(n).padStart(8, '0').slice(-8)}`,
    nombreCompleto: tipousuario === 'si' ? 'Ana López' : '',
    direccionEntrega: tipousuario === 'si' ? 'Calle Morelos 12, Centro' : '',
  });
  const token = await signIn(post, email, PASSWORD);
  const claims = claimsOf(token);
  return { token, id: Number(claims.certserialnumber), tiendaId: Number(claims.groupsid) };
}

export interface ProductoSpec {
  name: string;
  /** Pesos. */
  price: number;
  descripcion: string;
  detalle: string;
}

type Lista = {
  tiendaId: number;
  categorias: {
    id: number;
    title: string;
    productos: { id: number; name: string; price: number }[];
  }[];
}[];

export interface ApprovedShop {
  owner: Account;
  /** Pesos. */
  costoDeEnvio: number;
  /** As the catalogue answers them, in the order they were added. */
  productos: { id: number; name: string; price: number }[];
}

/**
 * A new owner's shop "Fonda La Prueba": no minimum, 12.50 shipping, one category "Comida corrida"
 * holding `productos`, approved by the admin (so public and open: it has no opening hours).
 */
export async function createApprovedShop(
  post: Post,
  adminToken: string,
  productos: ProductoSpec[],
  /** Stores the shop's image (uploadImage) and answers its path. */
  upload: (token: string) => Promise<string>,
): Promise<ApprovedShop> {
  const owner = await register(post, 'no');
  const IMAGE = await upload(owner.token);
  const costoDeEnvio = 12.5;
  await post(
    '/api/tienda/updatetienda',
    {
      nombre: 'Fonda La Prueba',
      imageUrl: IMAGE,
      radioMontoMinimo: 'no',
      montoMinimo: 0,
      radioCostoDeEnvio: 'si',
      costoDeEnvio,
    },
    owner.token,
  );
  let lista = await post<Lista>(
    '/api/tienda/addcategoria',
    { title: 'Comida corrida', imageUrl: IMAGE },
    owner.token,
  );
  const categoria = lista[0]!.categorias.find((c) => c.title === 'Comida corrida')!;
  for (const producto of productos) {
    lista = await post<Lista>(
      '/api/tienda/addproducto',
      { ...producto, categoriaId: categoria.id, imageUrl: IMAGE },
      owner.token,
    );
  }
  await post('/api/tienda/approveTienda', { tiendaId: owner.tiendaId }, adminToken);
  return {
    owner,
    costoDeEnvio,
    productos: lista[0]!.categorias
      .flatMap((c) => c.productos)
      .map((p) => ({ id: p.id, name: p.name, price: p.price })),
  };
}
