import { afterAll, beforeAll } from 'vitest';
import type { CallOptions, TestServer, TestServerOptions } from './build-test-app.js';
import { startTestServer } from './build-test-app.js';
import { signInAdmin, TEST_ADMIN } from './factories.js';

// The life of the server an order test talks to: started, with the admin account signed in,
// before the tests of the describe block that asks for it, and destroyed after them. A test
// file says only what is particular to its server (a notifier, trustProxy, a log stream).

export interface OrderServer {
  /**
   * The block's server. It stands for the one beforeAll starts: read it in hooks and tests (not
   * while the block is being declared), pass it to the factories as any TestServer.
   */
  server: TestServer;
  /** The signed-in admin's token (approves shops): call it in hooks and tests. */
  adminToken: () => string;
}

/**
 * Starts a test server (with TEST_ADMIN; `options.config` is added to it) in a beforeAll of the
 * describe block this is called in, signs the admin in, and destroys it in an afterAll.
 * `options` may be a function, read when the server starts (for values set by earlier hooks).
 */
export function useOrderServer(
  options: TestServerOptions | (() => TestServerOptions) = {},
): OrderServer {
  let current: TestServer | undefined;
  let token: string | undefined;
  beforeAll(async () => {
    const chosen = typeof options === 'function' ? options() : options;
    current = await startTestServer({ ...chosen, config: { ...TEST_ADMIN, ...chosen.config } });
    token = await signInAdmin(current);
  });
  afterAll(() => current?.destroy());

  const started = (): TestServer => {
    if (!current)
      throw new Error('el servidor de prueba arranca en beforeAll: úsalo en las pruebas');
    return current;
  };
  const server: TestServer = {
    get app() {
      return started().app;
    },
    get config() {
      return started().config;
    },
    get baseUrl() {
      return started().baseUrl;
    },
    get database() {
      return started().database;
    },
    get outboxDir() {
      return started().outboxDir;
    },
    get imagesDir() {
      return started().imagesDir;
    },
    call: <T>(path: string, callOptions?: CallOptions) => started().call<T>(path, callOptions),
    stop: () => started().stop(),
    destroy: () => started().destroy(),
  };
  const adminToken = () => {
    if (token === undefined) throw new Error('el ADMIN inicia sesión en beforeAll');
    return token;
  };
  return { server, adminToken };
}
