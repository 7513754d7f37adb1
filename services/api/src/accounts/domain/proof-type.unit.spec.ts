import { describe, expect, it } from '@jest/globals';
import { detectProofType } from './proof-type.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('detectProofType', () => {
  it.each([
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), 'image/png'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16), 'image/jpeg'],
    ['WebP', text('RIFF\u0024\u0000\u0000\u0000WEBPVP8 '), 'image/webp'],
    ['PDF', text('%PDF-1.7\n'), 'application/pdf'],
  ])('knows a %s by its first bytes', (_, content, type) => {
    expect(detectProofType(content)).toBe(type);
  });

  it.each([
    ['text', text('hello, this is not an image')],
    ['a RIFF that is not WebP', text('RIFF\u0024\u0000\u0000\u0000WAVEfmt ')],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e, 0x47)],
    ['GIF', text('GIF89a')],
    ['nothing', bytes()],
  ])('refuses %s', (_, content) => {
    expect(detectProofType(content)).toBeNull();
  });
});
