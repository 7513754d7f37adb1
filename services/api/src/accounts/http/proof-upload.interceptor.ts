import {
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { accountMessages, PROOF_MAX_BYTES } from '@ledgerstone/contracts';
import { ValidationError } from '@ledgerstone/ledger';
import type { Observable } from 'rxjs';

export const PROOF_FIELD = 'payment_proof';

// Without a storage engine multer keeps the file in memory: its first bytes decide its type before it is stored.
const MulterProofUpload = FileInterceptor(PROOF_FIELD, {
  limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000 },
});

/** The proof of payment from the multipart form; a file over the limit is the member's mistake, said as such. */
@Injectable()
export class ProofUploadInterceptor extends MulterProofUpload implements NestInterceptor {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await super.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) {
        throw new ValidationError(PROOF_FIELD, accountMessages.proofTooLarge);
      }
      throw error;
    }
  }
}
