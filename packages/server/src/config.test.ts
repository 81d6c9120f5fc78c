import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultRateLimits, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the defaults docs/api.md and the README fix', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe('sqlite:./data/tianguis.db');
    expect(config.adminEmail).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.outboxDir).toBe(path.resolve('./data/outbox'));
    expect(config.smtpUrl).toBeUndefined();
    expect(config.rateLimits).toEqual(defaultRateLimits);
  });

  it('reads every variable of the table', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tianguis',
      ADMIN_EMAIL: 'admin@tianguis.mx',
      ADMIN_PASSWORD: 'Admin12345',
      DEMO_DATA: '0',
      OUTBOX_DIR: '/tmp/outbox',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/tianguis',
      adminEmail: 'admin@tianguis.mx',
      adminPassword: 'Admin12345',
      demoData: false,
      outboxDir: '/tmp/outbox',
      smtpUrl: 'smtp://127.0.0.1:2525',
      publicUrl: 'http://localhost:8080',
    });
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['127.0.0.1,10.0.0.0/8', '127.0.0.1,10.0.0.0/8'],
  ])('reads TRUST_PROXY=%s as %s', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it('keeps 10 connections per instance to PostgreSQL unless DB_POOL_MAX says otherwise', () => {
    expect(loadConfig({}).dbPoolMax).toBe(10);
    expect(loadConfig({ DB_POOL_MAX: '4' }).dbPoolMax).toBe(4);
  });

  it('keeps the sample shops on for any DEMO_DATA but 0', () => {
    expect(loadConfig({ DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '' }).demoData).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'corto' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'admin@tianguis.mx' }, 'ADMIN_EMAIL y ADMIN_PASSWORD'],
    [{ DB_POOL_MAX: '0' }, 'DB_POOL_MAX'],
    [{ DB_POOL_MAX: 'muchas' }, 'DB_POOL_MAX'],
  ])('stops the boot on %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});
