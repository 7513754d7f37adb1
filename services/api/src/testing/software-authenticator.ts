import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  PasskeyAuthenticationResponse,
  PasskeyCreationOptions,
  PasskeyRegistrationResponse,
  PasskeyRequestOptions,
} from '@ledgerstone/contracts';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  rpId: string;
  signCount: number;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const base64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

/**
 * A passkey authenticator in software for API tests: ES256 (P-256) keys, "none" attestation, user verification
 * always given, a signature counter that goes up with each use. Browser tests use Chromium's virtual one.
 */
export class SoftwareAuthenticator {
  private readonly credentials: Credential[] = [];

  constructor(private readonly origin: string) {}

  /** Answers security/passkeys/options as navigator.credentials.create() would, keeping the new passkey. */
  register(options: PasskeyCreationOptions): PasskeyRegistrationResponse {
    const rp = options.rp as { id?: string };
    const user = options.user as { id: string };
    const rpId = rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const credential: Credential = {
      id: randomBytes(32),
      privateKey,
      userHandle: user.id,
      rpId,
      signCount: 1,
    };
    this.credentials.push(credential);

    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      this.authenticatorData(credential, USER_PRESENT | USER_VERIFIED | ATTESTED_CREDENTIAL),
      Buffer.alloc(16),
      idLength,
      credential.id,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: base64url(credential.id),
      rawId: base64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * Answers request options as navigator.credentials.get() would, with the passkey `which` names (by default
   * the first one the options allow, or the first one kept when they allow any).
   */
  authenticate(options: PasskeyRequestOptions, which?: string): PasskeyAuthenticationResponse {
    const allowed = (options.allowCredentials as { id: string }[] | undefined)?.map((allow) => allow.id);
    const credential = this.credentials.find((candidate) =>
      which ? base64url(candidate.id) === which : !allowed || allowed.includes(base64url(candidate.id)),
    );
    if (!credential) throw new Error('The authenticator holds no passkey these options allow');
    credential.signCount += 1;
    const authenticatorData = this.authenticatorData(credential, USER_PRESENT | USER_VERIFIED);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      credential.privateKey,
    );
    return {
      id: base64url(credential.id),
      rawId: base64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: base64url(authenticatorData),
        signature: base64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  private authenticatorData(credential: Credential, flags: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.signCount);
    return Buffer.concat([sha256(credential.rpId), Buffer.from([flags]), counter]);
  }

  private clientData(type: string, challenge: string): string {
    return base64url(
      Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })),
    );
  }
}
