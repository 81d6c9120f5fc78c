// Small rules every package repeats, written once (docs/glossary.md names the words). Server
// modules and the web app import these instead of restating the numbers or the flags.

/**
 * The largest id an integer column holds on both databases (PostgreSQL's `integer`): a bigger one
 * is refused as 'Identificador inválido' before it reaches a query, never by the database.
 */
export const ID_MAX = 2_147_483_647;

/** Whether `id` is a positive integer id a row could have. */
export function isIdValido(id: unknown): id is number {
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= ID_MAX;
}

/**
 * A shop anyone may see and order from (docs/api.md, "Shops"): not deleted, approved by the admin,
 * switched on by its owner, configured. The directory and the public page add "has something to
 * sell", which needs the catalogue. The flags as the `tienda` table stores them (0 and 1), so a
 * repository can filter on exactly these columns and values.
 */
export const TIENDA_VISIBLE = { deleted: 0, approved: 1, activated: 1, configured: 1 } as const;

export type BanderasDeTienda = { readonly [K in keyof typeof TIENDA_VISIBLE]: number | boolean };

/** The same rule on a row or a view: flags as 0/1 or booleans. */
export function isTiendaVisible(tienda: BanderasDeTienda): boolean {
  return (Object.keys(TIENDA_VISIBLE) as (keyof typeof TIENDA_VISIBLE)[]).every(
    (flag) => Number(tienda[flag]) === TIENDA_VISIBLE[flag],
  );
}
