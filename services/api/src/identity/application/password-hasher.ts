import { randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { argon2id, hash, verify, type HashOptions } from 'argon2';

/** Argon2id at OWASP's first recommended setting: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS: HashOptions = { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

@Injectable()
export class PasswordHasher implements OnModuleInit {
  private nobodysHash = '';

  async onModuleInit(): Promise<void> {
    this.nobodysHash = await hash(randomBytes(32).toString('base64url'), ARGON2_OPTIONS);
  }

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return verify(passwordHash, password);
  }

  /** Takes as long as checking a real password and always fails: for an e-mail nobody has, so timing tells nothing. */
  async verifyForNobody(password: string): Promise<false> {
    await verify(this.nobodysHash, password);
    return false;
  }
}
