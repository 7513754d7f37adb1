export type ProofContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

/** What a proof of payment is, by its content; or why it is refused. */
export type ProofInspection =
  | { accepted: true; contentType: ProofContentType }
  | { accepted: false; refusal: 'type' | 'unreadable' | 'tooManyPixels' };

/**
 * The largest image an admin's browser is asked to show: a phone's screenshot is 2-4 megapixels and a camera's
 * photo 12-50; a picture far larger is there to stall the viewer, not to prove a payment.
 */
export const MAX_PROOF_SIDE_PX = 20_000;
export const MAX_PROOF_PIXELS = 100_000_000;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
/** A PDF ends with its trailer: `startxref`, the cross-reference's offset, `%%EOF`, and maybe a line break. */
const PDF_TRAILER = /startxref\s+\d+\s+%%EOF\s*$/;
const PDF_TRAILER_WITHIN = 1024;

function startsWith(buffer: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  return (
    buffer.length >= offset + bytes.length && bytes.every((byte, index) => buffer[offset + index] === byte)
  );
}

function uint32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) >>> 0) + ((bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!);
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

/** The proof's type by its first bytes, whatever its name or declared type; null when it is none we take. */
export function detectProofType(buffer: Uint8Array): ProofContentType | null {
  if (startsWith(buffer, PNG)) return 'image/png';
  if (startsWith(buffer, JPEG)) return 'image/jpeg';
  if (startsWith(buffer, ascii('RIFF')) && startsWith(buffer, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(buffer, PDF)) return 'application/pdf';
  return null;
}

function pdfIsWhole(buffer: Uint8Array): boolean {
  const tail = Buffer.from(buffer.subarray(Math.max(0, buffer.length - PDF_TRAILER_WITHIN))).toString(
    'latin1',
  );
  return PDF_TRAILER.test(tail);
}

interface PixelSize {
  width: number;
  height: number;
}

/** A JPEG's frame headers (SOF0-SOF15 but DHT, JPG and DAC, which share their range): each gives the size. */
function isFrameHeader(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * What a JPEG written by any camera, phone or editor stays within before its frame header: a few segments (APPn,
 * tables; an ICC profile may take a few dozen) and a fill byte or two before a marker.
 */
const JPEG_MAX_SEGMENTS = 1_000;
const JPEG_MAX_FILL_BYTES = 64;

/**
 * A JPEG's size from its frame header, found by walking its segments from the start: each a marker (0xFF, maybe
 * after a few more 0xFF fill bytes, as a decoder takes them) and a length to skip. Anything else where a marker
 * belongs, a marker that belongs only inside the image's data (RSTn, the scan's start) or an end before the frame
 * is no JPEG; so is one past the bounds above, which keep a crafted file's walk short.
 */
function jpegSize(bytes: Uint8Array): PixelSize | null {
  let at = 2;
  for (let segments = 0; segments < JPEG_MAX_SEGMENTS; segments += 1) {
    if (bytes[at] !== 0xff) return null;
    const marker = at;
    while (bytes[at] === 0xff && at - marker <= JPEG_MAX_FILL_BYTES) at += 1;
    const code = bytes[at];
    if (code === undefined || code === 0xff) return null;
    at += 1;
    // SOI, EOI, a stuffed zero, TEM, RST0-7 or SOS (the image's data) before the frame header: no JPEG.
    if (code === 0xd8 || code === 0xd9 || code === 0x00 || code === 0x01 || (code >= 0xd0 && code <= 0xd7)) {
      return null;
    }
    if (code === 0xda || at + 2 > bytes.length) return null;
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    if (length < 2) return null;
    if (isFrameHeader(code)) {
      if (length < 8 || at + 7 > bytes.length) return null;
      return {
        height: (bytes[at + 3]! << 8) | bytes[at + 4]!,
        width: (bytes[at + 5]! << 8) | bytes[at + 6]!,
      };
    }
    at += length;
  }
  return null;
}

/** A PNG's size from its first chunk, which must be its header (IHDR, 13 bytes): width and height, 32 bits each. */
function pngSize(bytes: Uint8Array): PixelSize | null {
  if (bytes.length < 33 || uint32(bytes, 8) !== 13 || latin1(bytes, 12, 16) !== 'IHDR') return null;
  return { width: uint32(bytes, 16), height: uint32(bytes, 20) };
}

/**
 * A WebP's size from its first chunk: a lossy frame (VP8, a key frame's start code and two 14-bit sizes), a lossless
 * one (VP8L, its signature and two 14-bit sizes less one) or the extended header (VP8X, two 24-bit sizes less one).
 */
function webpSize(bytes: Uint8Array): PixelSize | null {
  const chunk = latin1(bytes, 12, 16);
  const byte = (index: number) => bytes[index]!;
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    const keyFrame = (byte(20) & 1) === 0 && byte(23) === 0x9d && byte(24) === 0x01 && byte(25) === 0x2a;
    if (!keyFrame) return null;
    return { width: (byte(26) | (byte(27) << 8)) & 0x3fff, height: (byte(28) | (byte(29) << 8)) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && byte(20) === 0x2f) {
    return {
      width: 1 + (byte(21) | ((byte(22) & 0x3f) << 8)),
      height: 1 + ((byte(22) >> 6) | (byte(23) << 2) | ((byte(24) & 0x0f) << 10)),
    };
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return {
      width: 1 + (byte(24) | (byte(25) << 8) | (byte(26) << 16)),
      height: 1 + (byte(27) | (byte(28) << 8) | (byte(29) << 16)),
    };
  }
  return null;
}

function pixelSize(buffer: Uint8Array, contentType: ProofContentType): PixelSize | null {
  const size =
    contentType === 'image/png'
      ? pngSize(buffer)
      : contentType === 'image/jpeg'
        ? jpegSize(buffer)
        : webpSize(buffer);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/**
 * A proof is taken when its first bytes say PNG, JPEG, WebP or PDF and its structure agrees: an image whose header
 * gives its size, within what a browser shows at ease, or a PDF that ends with a PDF's trailer. The first bytes
 * alone are easy to put in front of anything. What comes after the header is not decoded: a file that starts as
 * an image and goes on with anything else is taken, and served as it is served to everyone, an attachment in a
 * sandbox, never sniffed.
 */
export function inspectProof(buffer: Uint8Array): ProofInspection {
  const contentType = detectProofType(buffer);
  if (!contentType) return { accepted: false, refusal: 'type' };
  if (contentType === 'application/pdf') {
    return pdfIsWhole(buffer) ? { accepted: true, contentType } : { accepted: false, refusal: 'unreadable' };
  }
  const size = pixelSize(buffer, contentType);
  if (!size) return { accepted: false, refusal: 'unreadable' };
  const tooLarge =
    size.width > MAX_PROOF_SIDE_PX ||
    size.height > MAX_PROOF_SIDE_PX ||
    size.width * size.height > MAX_PROOF_PIXELS;
  return tooLarge ? { accepted: false, refusal: 'tooManyPixels' } : { accepted: true, contentType };
}

export const PROOF_EXTENSIONS: Record<ProofContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
