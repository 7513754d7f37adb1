import { Inject, Injectable } from '@nestjs/common';
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from '@ledgerstone/contracts';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG } from '../../shared/infrastructure/infrastructure.tokens.js';
import type { StoredPasskey } from '../persistence/two-factor-store.js';

export interface VerifiedRegistration {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
}

/**
 * The WebAuthn ceremonies, bound to this site: the relying party is PUBLIC_URL's host, and only its origin may
 * answer. Passkeys must be discoverable and verify their user (a PIN or biometrics), so a passkey alone counts
 * as both factors.
 */
@Injectable()
export class WebAuthn {
  private readonly rpID: string;
  private readonly origin: string;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    const site = new URL(config.publicUrl);
    this.rpID = site.hostname;
    this.origin = site.origin;
  }

  registrationOptions(
    user: { handle: Uint8Array; name: string; displayName: string },
    existing: StoredPasskey[],
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    return generateRegistrationOptions({
      rpName: 'Ledgerstone',
      rpID: this.rpID,
      userID: user.handle as Uint8Array<ArrayBuffer>,
      userName: user.name,
      userDisplayName: user.displayName,
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.id,
        transports: passkey.transports as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
  }

  /** The new credential when the response answers `challenge` from this site; undefined otherwise. */
  async verifyRegistration(
    response: PasskeyRegistrationResponse,
    challenge: string,
  ): Promise<VerifiedRegistration | undefined> {
    try {
      const verification = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: true,
      });
      if (!verification.verified) return undefined;
      const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
      return {
        id: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
      };
    } catch {
      // A challenge, origin or signature that does not match: the library throws for each.
      return undefined;
    }
  }

  /** Options for an assertion; `allow` limits it to these passkeys, none means any discoverable one of this site. */
  authenticationOptions(allow?: StoredPasskey[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return generateAuthenticationOptions({
      rpID: this.rpID,
      userVerification: 'required',
      ...(allow
        ? {
            allowCredentials: allow.map((passkey) => ({
              id: passkey.id,
              transports: passkey.transports as AuthenticatorTransport[],
            })),
          }
        : {}),
    });
  }

  /** The passkey's new signature counter when the assertion answers `challenge` with its key; undefined otherwise. */
  async verifyAuthentication(
    response: PasskeyAuthenticationResponse,
    challenge: string,
    passkey: StoredPasskey,
  ): Promise<number | undefined> {
    try {
      const verification = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: {
          id: passkey.id,
          publicKey: passkey.publicKey as Uint8Array<ArrayBuffer>,
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransport[],
        },
        requireUserVerification: true,
      });
      return verification.verified ? verification.authenticationInfo.newCounter : undefined;
    } catch {
      return undefined;
    }
  }
}
