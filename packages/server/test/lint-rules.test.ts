import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The architecture rules of eslint.config.js, each shown to fire on a planted violation and to
 * stay quiet on the allowed form: the code is linted as if it were a real file of that zone
 * (`filePath`), with the repository's own configuration, so a rule whose `files` pattern or
 * regex stops matching fails here instead of passing every lint in silence.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Real files of each zone: the code linted stands in for theirs. */
const zone = {
  domain: 'packages/domain/src/money.ts',
  domainTest: 'packages/domain/src/money.test.ts',
  module: 'packages/server/src/modules/ventas/ventas.service.ts',
  moduleTest: 'packages/server/src/modules/ventas/ventas.test.ts',
  carrito: 'packages/server/src/modules/carrito/carrito.service.ts',
  pedidos: 'packages/server/src/modules/pedidos/pedido.service.ts',
  checkout: 'packages/server/src/modules/checkout/checkout.service.ts',
  web: 'packages/web/src/lib/api-client.ts',
};

const DOMAIN_IMPORTS = 'domain imports nothing but zod';
const CLOCK = 'pass time in as a parameter';
const ONLY_THROUGH_SERVICES = 'use another module only through its service file';
const CARRITO_PEDIDOS = 'the basket and the orders never import each other';
const WEB_NEVER_SERVER = 'web never imports server';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function lint(code: string, filePath: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return result!.messages;
}

/** The messages of one rule, in the order they appear. */
function of(messages: Linter.LintMessage[], ruleId: string): string[] {
  return messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

describe('the domain is pure', () => {
  it('imports nothing but zod: a Node module or another package is refused', async () => {
    const messages = await lint(
      [
        "import { readFileSync } from 'node:fs';",
        "import { Kysely } from 'kysely';",
        'export const leer = [readFileSync, Kysely];',
      ].join('\n'),
      zone.domain,
    );
    const refused = of(messages, 'no-restricted-imports');
    expect(refused).toHaveLength(2);
    expect(refused[0]).toContain("'node:fs'");
    expect(refused[1]).toContain("'kysely'");
    for (const message of refused) expect(message).toContain(DOMAIN_IMPORTS);
  });

  it('allows zod and its own files', async () => {
    const messages = await lint(
      [
        "import { z } from 'zod';",
        "import { formatPesos } from './money.js';",
        'export const montoSchema = z.number().transform(formatPesos);',
      ].join('\n'),
      zone.domain,
    );
    expect(messages).toEqual([]);
  });

  it('never reads the clock: new Date() and Date.now() are refused', async () => {
    const messages = await lint(
      ['export const ahora = new Date();', 'export const ms = Date.now();'].join('\n'),
      zone.domain,
    );
    expect(of(messages, 'no-restricted-syntax')).toEqual([CLOCK, CLOCK]);
  });

  it('allows a date made from a time passed in', async () => {
    const messages = await lint(
      'export const fecha = (ms: number) => new Date(ms).toISOString();',
      zone.domain,
    );
    expect(messages).toEqual([]);
  });

  it("leaves the domain's tests free to import and read the clock", async () => {
    const messages = await lint(
      [
        "import { readFileSync } from 'node:fs';",
        'export const leido = [readFileSync, new Date(), Date.now()];',
      ].join('\n'),
      zone.domainTest,
    );
    expect(messages).toEqual([]);
  });
});

describe('a server module reaches another only through its service file', () => {
  it("refuses another module's repository, table or routes", async () => {
    const messages = await lint(
      [
        "import { findTiendaById } from '../tiendas/tienda.repository.js';",
        "import type { TiendaTable } from '../tiendas/tienda.table.js';",
        'export type T = TiendaTable;',
        'export const f = findTiendaById;',
      ].join('\n'),
      zone.module,
    );
    const refused = of(messages, 'no-restricted-imports');
    expect(refused).toHaveLength(2);
    expect(refused[0]).toContain("'../tiendas/tienda.repository.js'");
    expect(refused[1]).toContain("'../tiendas/tienda.table.js'");
    for (const message of refused) expect(message).toContain(ONLY_THROUGH_SERVICES);
  });

  it('allows its service file, its own files and the shared layers', async () => {
    const messages = await lint(
      [
        "import { findContactosDeTiendas } from '../tiendas/tienda.service.js';",
        "import * as repo from './ventas.repository.js';",
        "import { AppError } from '../../http/app-error.js';",
        'export const usados = [findContactosDeTiendas, repo, AppError];',
      ].join('\n'),
      zone.module,
    );
    expect(messages).toEqual([]);
  });

  it('lets tests reach into any module', async () => {
    const messages = await lint(
      [
        "import { findTiendaById } from '../tiendas/tienda.repository.js';",
        'export const f = findTiendaById;',
      ].join('\n'),
      zone.moduleTest,
    );
    expect(messages).toEqual([]);
  });
});

describe('the basket (carrito) and the orders (pedidos) never import each other', () => {
  it('refuses the orders in the basket, even through their service', async () => {
    const messages = await lint(
      [
        "import { findPedidoView } from '../pedidos/pedido.service.js';",
        'export const f = findPedidoView;',
      ].join('\n'),
      zone.carrito,
    );
    const refused = of(messages, 'no-restricted-imports');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain("'../pedidos/pedido.service.js'");
    expect(refused[0]).toContain(CARRITO_PEDIDOS);
  });

  it('refuses the basket in the orders, even through its service', async () => {
    const messages = await lint(
      [
        "import { getCarrito } from '../carrito/carrito.service.js';",
        'export const f = getCarrito;',
      ].join('\n'),
      zone.pedidos,
    );
    const refused = of(messages, 'no-restricted-imports');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain("'../carrito/carrito.service.js'");
    expect(refused[0]).toContain(CARRITO_PEDIDOS);
  });

  it('keeps the service-file rule in those two modules as well', async () => {
    const messages = await lint(
      [
        "import { findTiendaById } from '../tiendas/tienda.repository.js';",
        'export const f = findTiendaById;',
      ].join('\n'),
      zone.carrito,
    );
    const refused = of(messages, 'no-restricted-imports');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain(ONLY_THROUGH_SERVICES);
  });

  it('lets each use the other modules through their services, and checkout compose both', async () => {
    expect(
      await lint(
        [
          "import { findContactosDeTiendas } from '../tiendas/tienda.service.js';",
          'export const f = findContactosDeTiendas;',
        ].join('\n'),
        zone.pedidos,
      ),
    ).toEqual([]);
    expect(
      await lint(
        [
          "import { getCarrito } from '../carrito/carrito.service.js';",
          "import { findPedidoView } from '../pedidos/pedido.service.js';",
          'export const usados = [getCarrito, findPedidoView];',
        ].join('\n'),
        zone.checkout,
      ),
    ).toEqual([]);
  });
});

describe('the web app never imports the server', () => {
  it('refuses the server package and a relative path into it', async () => {
    const messages = await lint(
      [
        "import { buildApp } from '@tianguis/server';",
        "import { errorCatalog } from '../../../server/src/http/app-error.js';",
        'export const usados = [buildApp, errorCatalog];',
      ].join('\n'),
      zone.web,
    );
    const refused = of(messages, 'no-restricted-imports');
    expect(refused).toHaveLength(2);
    expect(refused[0]).toContain("'@tianguis/server'");
    expect(refused[1]).toContain("'../../../server/src/http/app-error.js'");
    for (const message of refused) expect(message).toContain(WEB_NEVER_SERVER);
  });

  it('allows the domain package', async () => {
    const messages = await lint(
      ["import { CODIGOS_ERROR } from '@tianguis/domain';", 'export const c = CODIGOS_ERROR;'].join(
        '\n',
      ),
      zone.web,
    );
    expect(messages).toEqual([]);
  });
});
