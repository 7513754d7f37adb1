export type ApprovalErrorCode = 'VALIDATION' | 'FORBIDDEN' | 'CONFLICT' | 'NOT_FOUND';

/** Every refusal of the approvals decider; the message is fit to show the admin as is. */
export class ApprovalError extends Error {
  constructor(
    readonly code: ApprovalErrorCode,
    message: string,
    /** The form field at fault, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApprovalError';
  }
}
