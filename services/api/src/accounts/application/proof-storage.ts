import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG, OBJECT_STORAGE } from '../../shared/infrastructure/infrastructure.tokens.js';
import { ProofMissingError } from '../domain/accounts.errors.js';
import type { ProofContentType } from '../domain/proof-type.js';

/** Proofs of payment in object storage under random keys: a key says nothing of its member or deposit. */
@Injectable()
export class ProofStorage {
  private readonly bucket: string;
  private readonly logger = new Logger(ProofStorage.name);

  constructor(
    @Inject(OBJECT_STORAGE) private readonly s3: S3Client,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.bucket = config.objectStorage.bucket;
  }

  async put(content: Buffer, contentType: ProofContentType): Promise<string> {
    const key = `proofs/${randomUUID()}`;
    await this.s3.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: content, ContentType: contentType }),
    );
    return key;
  }

  /** Takes out a proof no deposit names. Failing leaves only an unused object behind: logged, not thrown. */
  async discard(key: string): Promise<void> {
    try {
      await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      this.logger.warn(`Could not delete the unused proof ${key}: ${String(error)}`);
    }
  }

  async open(key: string): Promise<Readable> {
    try {
      const object = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return object.Body as Readable;
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'NoSuchKey') throw error;
      this.logger.error(`The proof ${key} is missing from the bucket ${this.bucket}`);
      throw new ProofMissingError();
    }
  }
}
