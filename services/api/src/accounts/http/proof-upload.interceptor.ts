import {
  BadRequestException,
  HttpException,
  Injectable,
  UnsupportedMediaTypeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { accountMessages, PROOF_MAX_BYTES } from '@ledgerstone/contracts';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

export const PROOF_FIELD = 'payment_proof';

const FORM_FIELDS = 20;

// Without a storage engine multer keeps the file in memory: its first bytes decide its type before it is stored.
// Browsers send the file's name in UTF-8 without saying so; multer would read it as Latin-1.
const MulterProofUpload = FileInterceptor(PROOF_FIELD, {
  defParamCharset: 'utf8',
  limits: {
    fileSize: PROOF_MAX_BYTES,
    files: 1,
    fields: FORM_FIELDS,
    parts: FORM_FIELDS + 1,
    fieldSize: 10_000,
  },
});

function refusal(message: string, field?: string): BadRequestException {
  return new BadRequestException(field ? { message, fieldErrors: { [field]: [message] } } : { message });
}

/** What multer or its parser failed on: a multer code, or the parser's own wording for a broken body. */
function uploadFailure(error: unknown): { code?: string; field?: string; message: string } | undefined {
  if (!(error instanceof HttpException) || !(error.cause instanceof Error)) return undefined;
  const { code, field } = error.cause as Error & { code?: unknown; field?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    field: typeof field === 'string' ? field : undefined,
    message: error.cause.message,
  };
}

/** The member's mistake in the form, said in the form's words and pinned to the field at fault. */
function formRefusal(error: unknown): HttpException | undefined {
  const failure = uploadFailure(error);
  if (!failure) return undefined;
  switch (failure.code) {
    case 'LIMIT_FILE_SIZE':
      return refusal(accountMessages.proofTooLarge, PROOF_FIELD);
    case 'LIMIT_FILE_COUNT':
      return refusal(accountMessages.oneProofOnly, PROOF_FIELD);
    case 'LIMIT_UNEXPECTED_FILE':
      // A second proof is unexpected too; a file under any other name is a proof that is missing.
      return failure.field === PROOF_FIELD
        ? refusal(accountMessages.oneProofOnly, PROOF_FIELD)
        : refusal(accountMessages.missingProof, PROOF_FIELD);
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
      return refusal(accountMessages.tooManyFormFields);
    case 'LIMIT_FIELD_VALUE':
      return refusal(accountMessages.formValueTooLong, failure.field);
    case 'LIMIT_FIELD_KEY':
    case 'LIMIT_FIELD_NESTING':
    case 'LIMIT_FIELD_ARRAY_INDEX':
    case 'INVALID_FIELD_NAME':
    case 'MISSING_FIELD_NAME':
      return refusal(accountMessages.unknownFormField);
  }
  // busboy names no code: a body cut short, a broken part header or a missing boundary.
  return refusal(accountMessages.incompleteForm);
}

/**
 * The proof of payment from the multipart form. Every way the form can be wrong is the member's mistake and is
 * answered as such, before anything is stored.
 */
@Injectable()
export class ProofUploadInterceptor extends MulterProofUpload implements NestInterceptor {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    // multer passes any other body through untouched, and busboy parses no other multipart type.
    if (!context.switchToHttp().getRequest<Request>().is('multipart/form-data')) {
      throw new UnsupportedMediaTypeException({
        message: accountMessages.depositForm,
        fieldErrors: { [PROOF_FIELD]: [accountMessages.missingProof] },
      });
    }
    try {
      return await super.intercept(context, next);
    } catch (error) {
      throw formRefusal(error) ?? error;
    }
  }
}
