import { DomainError } from '../shared/errors/domain-error.js';

/** Only Swagger UI's own files are served, by name. */
export class DocsFileNotFoundError extends DomainError {
  readonly code = 'NOT_FOUND';

  constructor(file: string) {
    super(`No file ${file} here`);
  }
}
