import { describe, expect, it } from '@jest/globals';
import { detectProofType, inspectProof } from './proof-type.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));
const uint32 = (value: number) => bytes(value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255);
const uint16 = (value: number) => bytes(value >>> 8, value & 255);

const PNG_SIGNATURE = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
/** A real 1 x 1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);
/** A PNG's signature and header chunk saying how large it is (its pixels, which the header is read without). */
const pngSized = (width: number, height: number) =>
  concat(
    PNG_SIGNATURE,
    uint32(13),
    text('IHDR'),
    uint32(width),
    uint32(height),
    bytes(8, 6, 0, 0, 0),
    uint32(0),
  );
/** A JPEG's start, its JFIF segment and its frame header (SOF0) with the size. */
const jpegSized = (width: number, height: number) =>
  concat(
    bytes(0xff, 0xd8, 0xff, 0xe0),
    uint16(16),
    text('JFIF\u0000'),
    bytes(1, 1, 0, 0, 1, 0, 1, 0, 0),
    bytes(0xff, 0xc0),
    uint16(17),
    bytes(8),
    uint16(height),
    uint16(width),
    bytes(3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1),
  );
/** A lossless WebP's RIFF header and VP8L chunk: 14 bits each of width - 1 and height - 1. */
const webpSized = (width: number, height: number) => {
  const packed = (width - 1) | ((height - 1) << 14);
  return concat(
    text('RIFF'),
    bytes(26, 0, 0, 0),
    text('WEBPVP8L'),
    bytes(13, 0, 0, 0, 0x2f),
    bytes(packed & 255, (packed >>> 8) & 255, (packed >>> 16) & 255, (packed >>> 24) & 255),
    bytes(0, 0, 0, 0, 0, 0, 0, 0),
  );
};
const PDF = text('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('detectProofType', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
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

describe('inspectProof', () => {
  it.each([
    ['a 1 x 1 PNG', PNG, 'image/png'],
    ["a phone's screenshot as PNG", pngSized(1290, 2796), 'image/png'],
    ["a camera's photo as JPEG (48 megapixels)", jpegSized(8064, 6048), 'image/jpeg'],
    ['a WebP', webpSized(1080, 1920), 'image/webp'],
    ['a PNG of 20,000 pixels a side at most and 100 megapixels', pngSized(20_000, 5_000), 'image/png'],
    ['a PDF', PDF, 'application/pdf'],
    ['a PDF with whitespace after its end', concat(PDF, text('\r\n \n')), 'application/pdf'],
  ])('takes %s', (_, content, contentType) => {
    expect(inspectProof(content)).toEqual({ accepted: true, contentType });
  });

  it.each([
    ['text', text('just some text')],
    ['GIF', text('GIF89a\u0001\u0000\u0001\u0000')],
  ])('refuses %s as a type it does not take', (_, content) => {
    expect(inspectProof(content)).toEqual({ accepted: false, refusal: 'type' });
  });

  it.each([
    [
      'a PNG signature in front of text',
      concat(PNG_SIGNATURE, text('a proof of payment, as far as its first bytes tell')),
    ],
    ['a PNG signature alone', PNG_SIGNATURE],
    ['a PNG signature in front of a JPEG', concat(PNG_SIGNATURE, jpegSized(100, 100))],
    ['a PNG of no width', pngSized(0, 100)],
    ['a JPEG signature alone', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['a JPEG cut before its frame header', jpegSized(100, 100).subarray(0, 22)],
    ['a WebP header with no image chunk', text('RIFF\u0004\u0000\u0000\u0000WEBP')],
    ['a PDF header in front of text', text('%PDF-1.7\nthis is no document')],
    ['a PDF cut before its end', PDF.subarray(0, PDF.length - 8)],
    ['a PDF whose %%EOF is not at its end', concat(PDF, new Uint8Array(2048))],
  ])('refuses %s as unreadable', (_, content) => {
    expect(inspectProof(content)).toEqual({ accepted: false, refusal: 'unreadable' });
  });

  it.each([
    ['wider than 20,000 pixels', pngSized(20_001, 10)],
    ['taller than 20,000 pixels', jpegSized(10, 20_001)],
    ['over 100 megapixels', pngSized(15_000, 15_000)],
    ['as a WebP of 16,384 x 16,384 (268 megapixels)', webpSized(16_384, 16_384)],
  ])('refuses an image %s', (_, content) => {
    expect(inspectProof(content)).toEqual({ accepted: false, refusal: 'tooManyPixels' });
  });
});
