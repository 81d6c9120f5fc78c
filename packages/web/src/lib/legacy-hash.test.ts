import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLegacyHash, pathOfLegacyHash, rewriteLegacyHash } from './legacy-hash';

describe('pathOfLegacyHash', () => {
  it('reads the address an old link carries in its fragment, query included', () => {
    expect(pathOfLegacyHash('#/tienda/taqueria-lupe')).toBe('/tienda/taqueria-lupe');
    expect(pathOfLegacyHash('#/pedidosdetalle?id=12')).toBe('/pedidosdetalle?id=12');
    expect(pathOfLegacyHash('#/recuperar-contrasena?secret=abc')).toBe(
      '/recuperar-contrasena?secret=abc',
    );
    expect(pathOfLegacyHash('#/')).toBe('/');
  });

  it('leaves alone what is not such an address', () => {
    expect(pathOfLegacyHash('')).toBeUndefined();
    expect(pathOfLegacyHash('#contenido')).toBeUndefined();
    expect(pathOfLegacyHash('#')).toBeUndefined();
  });

  it('keeps the address on this site', () => {
    expect(pathOfLegacyHash('#//otro.example/x')).toBe('/otro.example/x');
  });
});

describe('rewriteLegacyHash', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('turns /#/x?y into /x?y in the same history entry', () => {
    window.history.replaceState(null, '', '/#/tienda/taqueria-lupe/tacos?q=1');
    const length = window.history.length;
    rewriteLegacyHash();
    expect(window.location.pathname).toBe('/tienda/taqueria-lupe/tacos');
    expect(window.location.search).toBe('?q=1');
    expect(window.location.hash).toBe('');
    expect(window.history.length).toBe(length);
  });

  it('changes nothing on a path address or an in-page anchor', () => {
    window.history.replaceState(null, '', '/pedidos#contenido');
    rewriteLegacyHash();
    expect(window.location.pathname).toBe('/pedidos');
    expect(window.location.hash).toBe('#contenido');
  });
});

describe('followLegacyHash', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('hands over the path of each old link the open tab follows, not in-page anchors', () => {
    const go = vi.fn();
    const stop = followLegacyHash(go);
    window.location.hash = '/tienda/taqueria-lupe/tacos?q=1';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    window.location.hash = 'contenido';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    stop();
    window.location.hash = '/tienda/otra';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(go.mock.calls).toEqual([['/tienda/taqueria-lupe/tacos?q=1']]);
  });
});
