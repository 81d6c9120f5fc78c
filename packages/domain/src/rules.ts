import type { z } from 'zod';

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
