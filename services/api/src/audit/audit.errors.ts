import { DomainError } from '../shared/errors/domain-error.js';

/** An export's dates do not hold, named by the field the form should change. */
export class ExportRangeError extends DomainError {
  readonly code = 'VALIDATION';

  constructor(field: 'from' | 'to', message: string) {
    super(message, { [field]: [message] });
  }
}
