// Preloaded into a bench server (`node --import <this file>`) by `npm run bench -- --ab <ref>
// --count-statements`: counts the SQL statements the process runs, without touching the server's
// code. better-sqlite3's statements (run/get/all/iterate, and Database#exec) and pg's
// Client#query are wrapped; both are CommonJS, so the instances patched here are the ones the
// server imports. Each statement's count and time (ms, synchronous SQLite calls only: a pg query
// answers later) are kept by its SQL text; on SIGUSR2 they are written as JSON to
// COUNT_STATEMENTS_FILE.
// Plain JavaScript: the built server runs on plain node, without tsx.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const from = process.env.COUNT_STATEMENTS_FROM;
const file = process.env.COUNT_STATEMENTS_FILE;
if (from && file) {
  const require = createRequire(from);
  const bySql = new Map();
  const msBySql = new Map();
  let total = 0;
  const keyOf = (sql) =>
    String(sql ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 240);
  const note = (sql) => {
    total += 1;
    const key = keyOf(sql);
    bySql.set(key, (bySql.get(key) ?? 0) + 1);
    return key;
  };
  const timed = (key, started) => {
    msBySql.set(key, (msBySql.get(key) ?? 0) + (performance.now() - started));
  };
  try {
    const Database = require('better-sqlite3');
    const probe = new Database(':memory:');
    const proto = Object.getPrototypeOf(probe.prepare('select 1'));
    for (const method of ['run', 'get', 'all', 'iterate']) {
      const original = proto[method];
      proto[method] = function (...args) {
        const key = note(this.source);
        const started = performance.now();
        try {
          return original.apply(this, args);
        } finally {
          timed(key, started);
        }
      };
    }
    const exec = Database.prototype.exec;
    Database.prototype.exec = function (sql) {
      const key = note(sql);
      const started = performance.now();
      try {
        return exec.call(this, sql);
      } finally {
        timed(key, started);
      }
    };
    probe.close();
  } catch {
    // No better-sqlite3 next to this server.
  }
  try {
    const pg = require('pg');
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (config, ...rest) {
      note(typeof config === 'string' ? config : config?.text);
      return query.call(this, config, ...rest);
    };
  } catch {
    // No pg next to this server.
  }
  process.on('SIGUSR2', () => {
    fs.writeFileSync(
      file,
      JSON.stringify({
        total,
        bySql: Object.fromEntries(bySql),
        msBySql: Object.fromEntries(msBySql),
      }),
    );
  });
}
