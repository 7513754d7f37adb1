import type { AccountFigure, Bucket } from './account.js';

export type AccountErrorCode =
  'VALIDATION' | 'ILLEGAL_STATE' | 'NOT_FOUND' | 'INSUFFICIENT_BALANCE' | 'CONCURRENCY';

/** Every refusal of the account decider; the message is fit to show the member or admin as is. */
export abstract class AccountError extends Error {
  abstract readonly code: AccountErrorCode;
}

/** A command field is wrong whatever the account holds. */
export class ValidationError extends AccountError {
  readonly code = 'VALIDATION';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** The command does not fit where the deposit, withdrawal or account stands. */
export class IllegalStateError extends AccountError {
  readonly code = 'ILLEGAL_STATE';
  constructor(message: string) {
    super(message);
    this.name = 'IllegalStateError';
  }
}

export class NotFoundError extends AccountError {
  readonly code = 'NOT_FOUND';
  constructor(
    readonly entity: 'deposit' | 'withdrawal' | 'investment',
    readonly id: string,
  ) {
    super(`No ${entity} with id ${id} on this account.`);
    this.name = 'NotFoundError';
  }
}

/** The command would take a bucket below zero. */
export class InsufficientBalanceError extends AccountError {
  readonly code = 'INSUFFICIENT_BALANCE';
  constructor(readonly bucket: Bucket) {
    super('Insufficient balance');
    this.name = 'InsufficientBalanceError';
  }
}

/** The command would take one of the account's figures above the largest amount the platform accepts. */
export class OverLargestAmountError extends AccountError {
  readonly code = 'ILLEGAL_STATE';
  constructor(
    readonly figure: AccountFigure,
    message: string,
  ) {
    super(message);
    this.name = 'OverLargestAmountError';
  }
}

/** The command was decided on a view of the account it no longer matches: a form opened before a change. */
export class AccountChangedError extends AccountError {
  readonly code = 'CONCURRENCY';
  constructor(message: string) {
    super(message);
    this.name = 'AccountChangedError';
  }
}
