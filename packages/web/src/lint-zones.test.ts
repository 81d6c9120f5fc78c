// @vitest-environment node
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The web app's zones (eslint.config.js, WEB_FEATURE_DEPS), each rule shown to fire on a planted
 * violation and to stay quiet on the allowed form. The code is linted as if it were a real file
 * of its zone (`filePath`) with the repository's own configuration, so a rule whose `files`
 * pattern or regex stops matching fails here instead of passing every lint in silence.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Real files of each zone: the code linted stands in for theirs. */
const file = {
  tiendaPublica: 'packages/web/src/features/tienda-publica/components/menu-tienda.tsx',
  tiendaPublicaTest: 'packages/web/src/features/tienda-publica/components/menu-tienda.test.tsx',
  carrito: 'packages/web/src/features/carrito/canasta/use-canasta.ts',
  carritoRoot: 'packages/web/src/features/carrito/index.ts',
  route: 'packages/web/src/app/routes/tienda.tsx',
  shell: 'packages/web/src/app/shell/top-bar.tsx',
  entry: 'packages/web/src/main.tsx',
  lib: 'packages/web/src/lib/api.ts',
  libTest: 'packages/web/src/lib/query.test.tsx',
  component: 'packages/web/src/components/ui/button.tsx',
};

const THROUGH_INDEX = 'use another feature only through its public entry';
const SHARED_NEVER_FEATURES = 'lib/ and components/ never import features/';
const FEATURE_NEVER_APP = 'features never import app/';
const FEATURE_PATH = "inside features/, import another feature as '../<name>'";
const CARRITO_USES_NONE = 'features/carrito uses no other feature';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: 'eslint.config.js' });
});

async function lint(code: string, filePath: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return result!.messages;
}

/** The zone rules' messages (static imports and `import()`), fatal parse errors included. */
async function zoneMessages(code: string, filePath: string): Promise<string[]> {
  const messages = await lint(code, filePath);
  return messages
    .filter(
      (m) => m.fatal || m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax',
    )
    .map((m) => m.message);
}

describe("a feature uses another only through the other's public entry", () => {
  it("refuses a file inside another feature, statically or by import(), from a feature's folder at any depth", async () => {
    expect(
      await zoneMessages(
        "import { CanastaBarra } from '../../carrito/components/canasta-barra';\nexport { CanastaBarra };",
        file.tiendaPublica,
      ),
    ).toEqual([expect.stringContaining(THROUGH_INDEX)]);
    expect(
      await zoneMessages(
        "export const load = () => import('../../carrito/components/cart-button');",
        file.tiendaPublica,
      ),
    ).toEqual([expect.stringContaining(THROUGH_INDEX)]);
    expect(
      await zoneMessages(
        "export { useMisPedidos } from '../pedidos/api/mis-pedidos';",
        'packages/web/src/features/seguimiento/seguimientos-guardados.ts',
      ),
    ).toEqual([expect.stringContaining(THROUGH_INDEX)]);
  });

  it("lets it import the other's index, and its own files by relative path", async () => {
    expect(
      await zoneMessages(
        [
          "import { CanastaBarra, useCanasta } from '../../carrito';",
          "import { precioTexto } from '../logic/precio';",
          "import { TiendaImage } from './tienda-image';",
          "export const load = () => import('./compra-motor');",
          'export { CanastaBarra, useCanasta, precioTexto, TiendaImage };',
        ].join('\n'),
        file.tiendaPublica,
      ),
    ).toEqual([]);
  });

  it("refuses a path through features/ (it would slip past the feature's list)", async () => {
    expect(
      await zoneMessages(
        "import { useCanasta } from '../../../features/carrito';\nexport { useCanasta };",
        file.tiendaPublica,
      ),
    ).toEqual([expect.stringContaining(FEATURE_PATH)]);
  });

  it('refuses app/ from a feature: the routes and the shell compose the features', async () => {
    expect(
      await zoneMessages(
        "import { Layout } from '../../../app/layout';\nexport { Layout };",
        file.tiendaPublica,
      ),
    ).toEqual([expect.stringContaining(FEATURE_NEVER_APP)]);
  });

  it("leaves tests free to reach into a feature's files", async () => {
    expect(
      await zoneMessages(
        "import { CanastaBarra } from '../../carrito/components/canasta-barra';\nexport { CanastaBarra };",
        file.tiendaPublicaTest,
      ),
    ).toEqual([]);
  });
});

describe('features depend in one direction only (no cycles)', () => {
  it('refuses a feature its list does not name: the basket never imports the public shop', async () => {
    expect(
      await zoneMessages(
        "import { MenuTienda } from '../../tienda-publica';\nexport { MenuTienda };",
        file.carrito,
      ),
    ).toEqual([expect.stringContaining(CARRITO_USES_NONE)]);
    expect(
      await zoneMessages(
        "export const load = () => import('../tienda-publica');",
        file.carritoRoot,
      ),
    ).toEqual([expect.stringContaining(CARRITO_USES_NONE)]);
  });

  it('names the features a feature may use in its message', async () => {
    expect(
      await zoneMessages(
        "import { useCanasta } from '../../checkout';\nexport { useCanasta };",
        file.tiendaPublica,
      ),
    ).toEqual([expect.stringContaining('features/tienda-publica uses only features/carrito')]);
  });

  it('keeps the list acyclic: a planted cycle is refused when the configuration loads', async () => {
    const config = (await import(
      /* @vite-ignore */ pathToFileURL(`${repoRoot}eslint.config.js`).href
    )) as {
      WEB_FEATURE_DEPS: Record<string, string[]>;
      assertAcyclic: (deps: Record<string, string[]>) => void;
    };
    expect(() => config.assertAcyclic(config.WEB_FEATURE_DEPS)).not.toThrow();
    expect(() =>
      config.assertAcyclic({
        ...config.WEB_FEATURE_DEPS,
        carrito: ['pedidos'],
        pedidos: ['tienda-publica'],
      }),
    ).toThrow(/WEB_FEATURE_DEPS has a cycle: .*carrito → pedidos → tienda-publica/);
  });
});

describe('app/ and the entry files use a feature only through its public entry', () => {
  it('refuses a file inside a feature, statically or by import()', async () => {
    expect(
      await zoneMessages(
        "import { MenuTienda } from '../../features/tienda-publica/components/menu-tienda';\nexport { MenuTienda };",
        file.route,
      ),
    ).toEqual([expect.stringContaining(THROUGH_INDEX)]);
    expect(
      await zoneMessages(
        "export const load = () => import('../../features/carrito/components/cart-button');",
        file.shell,
      ),
    ).toEqual([expect.stringContaining(THROUGH_INDEX)]);
    expect(
      await zoneMessages(
        "import { loadCompraMotor } from './features/tienda-publica/index';\nexport { loadCompraMotor };",
        file.entry,
      ),
    ).toEqual([expect.stringContaining(THROUGH_INDEX)]);
  });

  it("lets them import a feature's index", async () => {
    expect(
      await zoneMessages(
        "import { MenuTienda } from '../../features/tienda-publica';\nimport { loadCartButton } from '../../features/carrito';\nexport { MenuTienda, loadCartButton };",
        file.route,
      ),
    ).toEqual([]);
  });
});

describe('lib/ and components/ never import features/', () => {
  it('refuses even a public entry, from lib/, from components/ and from a test in lib/', async () => {
    const planted = "import { useCanasta } from '../features/carrito';\nexport { useCanasta };";
    expect(await zoneMessages(planted, file.lib)).toEqual([
      expect.stringContaining(SHARED_NEVER_FEATURES),
    ]);
    expect(await zoneMessages(planted, file.libTest)).toEqual([
      expect.stringContaining(SHARED_NEVER_FEATURES),
    ]);
    expect(
      await zoneMessages(
        "export const load = () => import('../../features/carrito');",
        file.component,
      ),
    ).toEqual([expect.stringContaining(SHARED_NEVER_FEATURES)]);
  });

  it('lets them import each other', async () => {
    expect(
      await zoneMessages(
        "import { Button } from '../components/ui/button';\nimport { useQuery } from './query';\nexport { Button, useQuery };",
        file.lib,
      ),
    ).toEqual([]);
  });
});
