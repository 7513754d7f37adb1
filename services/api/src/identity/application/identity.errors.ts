import { BadRequestException, UnauthorizedException } from '@nestjs/common';
import { identityMessages } from '@ledgerstone/contracts';

function fieldError(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, fieldErrors: { [field]: [message] } });
}

/** The refusals of the identity use cases, each with its status and, where a form field is at fault, its name. */
export const identityErrors = {
  referralNotFound: () => fieldError('referralCode', identityMessages.referralNotFound),
  commonPassword: (field: string) => fieldError(field, identityMessages.commonPassword),
  currentPasswordWrong: () => fieldError('current_password', identityMessages.currentPasswordWrong),
  badCredentials: () => new UnauthorizedException(identityMessages.badCredentials),
  noPendingVerification: () => new BadRequestException(identityMessages.noPendingVerification),
  wrongCode: () => fieldError('verifyCode', identityMessages.wrongCode),
  codeExpired: () => fieldError('verifyCode', identityMessages.codeExpired),
  tooManyWrongCodes: () => fieldError('verifyCode', identityMessages.tooManyWrongCodes),
  resetLinkInvalid: () => new BadRequestException(identityMessages.resetLinkInvalid),
};
