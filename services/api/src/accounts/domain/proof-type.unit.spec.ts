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
const JFIF = concat(
  bytes(0xff, 0xd8, 0xff, 0xe0),
  uint16(16),
  text('JFIF\u0000'),
  bytes(1, 1, 0, 0, 1, 0, 1, 0, 0),
);
/** A frame header (SOF0 unless told) giving the size. */
const frame = (width: number, height: number, marker = 0xc0) =>
  concat(
    bytes(0xff, marker),
    uint16(17),
    bytes(8),
    uint16(height),
    uint16(width),
    bytes(3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1),
  );
/** A JPEG's start, its JFIF segment and its frame header with the size. */
const jpegSized = (width: number, height: number, marker = 0xc0) =>
  concat(JFIF, frame(width, height, marker));
/** The bytes of a small upload as multer hands them over: a view into a pool other requests' bytes share. */
const inPool = (content: Uint8Array) =>
  Buffer.concat([content, pngSized(4000, 3000), jpegSized(100, 100)]).subarray(0, content.length);
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
const le16 = (value: number) => bytes(value & 255, value >>> 8);
const le24 = (value: number) => bytes(value & 255, (value >>> 8) & 255, value >>> 16);
/** A lossy WebP's key frame: its frame tag, start code and 14-bit sizes. */
const webpLossy = (width: number, height: number) =>
  concat(
    text('RIFF'),
    bytes(30, 0, 0, 0),
    text('WEBPVP8 '),
    bytes(10, 0, 0, 0),
    bytes(0x10, 0, 0),
    bytes(0x9d, 0x01, 0x2a),
    le16(width),
    le16(height),
  );
/** An extended WebP's header (VP8X): flags and 24-bit sizes less one. */
const webpExtended = (width: number, height: number) =>
  concat(
    text('RIFF'),
    bytes(30, 0, 0, 0),
    text('WEBPVP8X'),
    bytes(10, 0, 0, 0),
    bytes(0x10, 0, 0, 0),
    le24(width - 1),
    le24(height - 1),
  );
const PDF = text(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n',
);

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
    ['a lossless WebP', webpSized(1080, 1920), 'image/webp'],
    ['a lossy WebP', webpLossy(1080, 1920), 'image/webp'],
    ['an extended WebP', webpExtended(1080, 1920), 'image/webp'],
    ['a PNG of 20,000 pixels a side at most and 100 megapixels', pngSized(20_000, 5_000), 'image/png'],
    ['a PDF', PDF, 'application/pdf'],
    ['a PDF with whitespace after its end', concat(PDF, text('\r\n \n')), 'application/pdf'],
    ['a progressive JPEG (SOF2)', jpegSized(640, 480, 0xc2), 'image/jpeg'],
    ['a lossless JPEG (SOF3)', jpegSized(640, 480, 0xc3), 'image/jpeg'],
    ['an arithmetic-coded JPEG (SOF9)', jpegSized(640, 480, 0xc9), 'image/jpeg'],
    [
      'a JPEG with fill bytes, an Exif segment and a table before its frame',
      concat(
        JFIF,
        bytes(0xff, 0xff, 0xff, 0xe1),
        uint16(1000),
        new Uint8Array(998),
        bytes(0xff, 0xc4),
        uint16(4),
        bytes(0, 0),
        frame(800, 600),
      ),
      'image/jpeg',
    ],
    [
      'a JPEG followed by anything (its pixels are not decoded)',
      concat(jpegSized(10, 10), text('<html>')),
      'image/jpeg',
    ],
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
    [
      'a lossy WebP that is no key frame',
      (() => {
        const frame = webpLossy(10, 10);
        frame[20] = 0x11;
        return frame;
      })(),
    ],
    [
      'a lossless WebP without its signature',
      (() => {
        const frame = webpSized(10, 10);
        frame[20] = 0;
        return frame;
      })(),
    ],
    ['a PDF header in front of text', text('%PDF-1.7\nthis is no document')],
    ['a PDF cut before its end', PDF.subarray(0, PDF.length - 8)],
    ['a PDF whose %%EOF is not at its end', concat(PDF, new Uint8Array(2048))],
    ['a PDF of its header and %%EOF alone', text('%PDF-%%EOF')],
    ['a PDF of a script ending in %%EOF', text('%PDF-1.7\n<script>alert(1)</script>\n%%EOF')],
    [
      'a JPEG signature before 10 MB of zeros',
      concat(bytes(0xff, 0xd8, 0xff, 0xe0), new Uint8Array(10 * 1024 * 1024)),
    ],
    [
      'a JPEG of empty segments to its end',
      concat(bytes(0xff, 0xd8), ...Array.from({ length: 10_000 }, () => bytes(0xff, 0xe0, 0, 2))),
    ],
    [
      'a JPEG whose scan starts before its frame',
      concat(JFIF, bytes(0xff, 0xda), uint16(8), new Uint8Array(6), frame(10, 10)),
    ],
    [
      'a JPEG with more fill bytes before a marker than any encoder writes',
      concat(JFIF, new Uint8Array(65).fill(0xff), frame(10, 10)),
    ],
    [
      'a JPEG of more segments before its frame than any encoder writes',
      concat(JFIF, ...Array.from({ length: 1_000 }, () => bytes(0xff, 0xe2, 0, 2)), frame(10, 10)),
    ],
    ['a JPEG with a restart marker before its frame', concat(JFIF, bytes(0xff, 0xd0), frame(10, 10))],
    ['a JPEG whose segment runs past its end', concat(JFIF, bytes(0xff, 0xe1), uint16(60_000))],
    ['a JPEG whose frame header is cut', jpegSized(100, 100).subarray(0, JFIF.length + 6)],
    [
      'an 8-byte JPEG, wherever its buffer sits',
      inPool(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02, 0xff, 0xc0)),
    ],
    ["a PNG's signature and IHDR name, wherever its buffer sits", inPool(pngSized(1, 1).subarray(0, 16))],
    [
      'a WebP header with nothing after its chunk name, wherever its buffer sits',
      inPool(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8L')),
    ],
  ])('refuses %s as unreadable', (_, content) => {
    expect(inspectProof(content)).toEqual({ accepted: false, refusal: 'unreadable' });
  });

  it.each([
    ['wider than 20,000 pixels', pngSized(20_001, 10)],
    ['taller than 20,000 pixels', jpegSized(10, 20_001)],
    ['over 100 megapixels', pngSized(15_000, 15_000)],
    ['as a WebP of 16,384 x 16,384 (268 megapixels)', webpSized(16_384, 16_384)],
    ['as an extended WebP of 16,777,216 pixels a side', webpExtended(16_777_216, 16_777_216)],
    [
      'whose frame, behind fill bytes, says 60,000 x 60,000 before a 1 x 1 decoy',
      concat(JFIF, bytes(0xff), frame(60_000, 60_000), new Uint8Array(0xc000), frame(1, 1)),
    ],
  ])('refuses an image %s', (_, content) => {
    expect(inspectProof(content)).toEqual({ accepted: false, refusal: 'tooManyPixels' });
  });
});
