import { imageSize } from 'image-size';

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
const PDF_END = '%%EOF';
/** A PDF ends with %%EOF, which writers may follow with a little whitespace. */
const PDF_END_WITHIN = 1024;

function startsWith(buffer: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  return (
    buffer.length >= offset + bytes.length && bytes.every((byte, index) => buffer[offset + index] === byte)
  );
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
  const tail = Buffer.from(buffer.subarray(Math.max(0, buffer.length - PDF_END_WITHIN))).toString('latin1');
  return tail.includes(PDF_END);
}

/** How image-size names each image type. */
const IMAGE_SIZE_TYPES: Partial<Record<ProofContentType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The image's size as its header gives it; null when the header cannot be read as the type its first bytes say. */
function pixelSize(
  buffer: Uint8Array,
  contentType: ProofContentType,
): { width: number; height: number } | null {
  try {
    const { width, height, type } = imageSize(buffer);
    return type === IMAGE_SIZE_TYPES[contentType] && width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * A proof is taken when its first bytes say PNG, JPEG, WebP or PDF and the rest agrees: an image whose header
 * gives its size, within what a browser shows at ease, or a PDF that ends as a PDF does. The first bytes alone
 * are easy to put in front of anything.
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
