import { describe, expect, it } from 'vitest';
import { pooledRandomSecret } from './secrets.js';

describe('pooledRandomSecret', () => {
  it('hands out URL-safe secrets of the asked size, never the same one twice across refills', () => {
    // 4,096-byte pool, 24-byte secrets: 1,000 of them cross several refills.
    const secrets = Array.from({ length: 1_000 }, () => pooledRandomSecret(24));
    for (const s of secrets) {
      expect(s).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(Buffer.from(s, 'base64url')).toHaveLength(24);
    }
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('draws a secret larger than the pool on its own', () => {
    expect(Buffer.from(pooledRandomSecret(5_000), 'base64url')).toHaveLength(5_000);
  });

  it('looks random: about half of all bits set', () => {
    const bytes = Buffer.concat(
      Array.from({ length: 400 }, () => Buffer.from(pooledRandomSecret(24), 'base64url')),
    );
    let ones = 0;
    for (const byte of bytes) for (let bit = 0; bit < 8; bit += 1) ones += (byte >> bit) & 1;
    // 76,800 bits: the mean is 38,400 with a standard deviation of about 139.
    expect(Math.abs(ones - bytes.length * 4)).toBeLessThan(1_500);
  });
});
