export type ProofContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

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

export const PROOF_EXTENSIONS: Record<ProofContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
