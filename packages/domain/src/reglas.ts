import type { z } from 'zod';

// Small rules every package repeats, written once (docs/glossary.md names the words). Server
// modules and the web app import these instead of restating the numbers or the flags. Below
// them, how a form's rules are written and reported: each one a check, the first broken one the
// message (docs/api.md, "Texts and forms").

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

/** A check returns the message of the rule its value breaks, or undefined when it passes. */
export type Check<V> = (value: V) => string | undefined;

export interface RuleIssue {
  readonly message: string;
  readonly path: readonly PropertyKey[];
}

/** A rule looks at the whole payload, so it can compare fields or depend on another one. */
export type Rule<T> = (data: T) => RuleIssue | undefined;

export function checkField<T, K extends keyof T & string>(field: K, check: Check<T[K]>): Rule<T> {
  return (data) => {
    const message = check(data[field]);
    return message === undefined ? undefined : { message, path: [field] };
  };
}

export function checkValue<V>(check: Check<V>): Rule<V> {
  return (value) => {
    const message = check(value);
    return message === undefined ? undefined : { message, path: [] };
  };
}

/**
 * One problem at a time, the first rule broken in its order (docs/api.md, "Texts and forms"), so
 * a form and the server's 400 answer show the same single message.
 */
export function reportFirstBrokenRule<T>(rules: readonly Rule<T>[]) {
  return (data: T, ctx: z.RefinementCtx<T>): void => {
    for (const rule of rules) {
      const issue = rule(data);
      if (issue !== undefined) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path] });
        return;
      }
    }
  };
}
