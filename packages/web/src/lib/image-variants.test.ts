import { describe, expect, it } from 'vitest';
import { imageSrcSet } from './image-variants';

describe('imageSrcSet', () => {
  it('lists the 160, 320 and 640 px variants of an uploaded image', () => {
    const hash = 'a1'.repeat(16);
    expect(imageSrcSet(`/images/${hash}.jpg`)).toBe(
      `/images/${hash}-160.webp 160w, /images/${hash}-320.webp 320w, /images/${hash}-640.webp 640w`,
    );
    expect(imageSrcSet(`http://192.168.1.5:3000/images/${hash}.png`)).toContain(
      `http://192.168.1.5:3000/images/${hash}-320.webp 320w`,
    );
  });

  it('gives nothing for other addresses', () => {
    expect(imageSrcSet('data:image/png;base64,AAAA')).toBeUndefined();
    expect(imageSrcSet('https://example.com/foto.jpg')).toBeUndefined();
    expect(imageSrcSet('/images/foto.jpg')).toBeUndefined();
  });
});
