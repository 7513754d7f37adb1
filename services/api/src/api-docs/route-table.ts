import {
  adjustBalancesRequest,
  adminLoginRequest,
  adminLoginResponse,
  adminMessageRequest,
  adminProfile,
  changePasswordRequest,
  createPaymentMethodRequest,
  createPlanRequest,
  commandResponse,
  depositRequest,
  depositResponse,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  marketPrices,
  memberProfile,
  messageResponse,
  paymentMethodChangeResponse,
  paymentMethodListResponse,
  planChangeResponse,
  planListQuery,
  planListResponse,
  payWithdrawalRequest,
  payoutWallets,
  payoutWalletsRequest,
  rejectRequest,
  resetPasswordRequest,
  signupRequest,
  updatePaymentMethodRequest,
  updatePlanRequest,
  updateProfileRequest,
  updateUserRequest,
  verifyRequest,
  withdrawalRequest,
  withdrawalResponse,
} from '@ledgerstone/contracts';
import { z } from 'zod';
import type { AccessRule } from '../identity/access/access.decorators.js';
import { AUDIT_ROUTES } from '../audit/audit-routes.js';
import { OBSERVABILITY_ROUTES } from '../observability/observability-routes.js';
import { QUEUES_BOARD_ROUTES } from '../queues-board/queues-board-routes.js';
import { READ_MODEL_ROUTES } from '../read-models/read-model-routes.js';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** One route of the api as the OpenAPI document and the access tests know it. */
export interface ApiRoute {
  method: HttpMethod;
  /** With the /api prefix and OpenAPI's `{param}` placeholders. */
  path: string;
  summary: string;
  tag: 'Member' | 'Admin' | 'Market' | 'Health' | 'Documentation';
  access: AccessRule;
  /** The query string's parameters, when the route reads any. */
  query?: z.ZodObject;
  /** The JSON body, when the route reads one; the text fields of a multipart form with `fileField`. */
  request?: z.ZodType;
  /** The multipart form's file field. */
  fileField?: string;
  /** Takes an optional Idempotency-Key header. */
  idempotent?: boolean;
  /** A JSON body, or another kind of answer. */
  response: z.ZodType | 'html' | 'text' | 'file';
  /** The status of success; 200 unless stated. */
  status?: number;
  /** Answers 429 with Retry-After over its limit. */
  rateLimited?: boolean;
}

const checkResult = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().optional(),
  error: z.string().optional().describe('Only in local mode'),
});

const healthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z
    .object({
      postgres: checkResult,
      redis: checkResult,
      objectStorage: checkResult,
      smtp: checkResult,
    })
    .optional()
    .describe('Only for an admin or auditor session, or the metrics token'),
});

/** Every route Nest serves; a test holds it to what Nest registers and to each route's access rule. */
export const API_ROUTES: readonly ApiRoute[] = [
  {
    method: 'post',
    path: '/api/user',
    summary: 'Sign up; mails a verification code and sets the short-lived verification cookie',
    tag: 'Member',
    access: 'public',
    request: signupRequest,
    response: messageResponse,
    status: 201,
    rateLimited: true,
  },
  {
    method: 'patch',
    path: '/api/user/verify',
    summary: 'Verify the account with the mailed code (tied to the signup or login by its cookie)',
    tag: 'Member',
    access: 'public',
    request: verifyRequest,
    response: messageResponse,
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/api/user/verify/resend',
    summary: 'Mail a new verification code (once a minute)',
    tag: 'Member',
    access: 'public',
    response: messageResponse,
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/api/user/login',
    summary: 'Log in; sets the ls_member cookie (30 days with rememberMe, else until the browser closes)',
    tag: 'Member',
    access: 'public',
    request: loginRequest,
    response: loginResponse,
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/api/user/logout',
    summary: 'End the member session on the server',
    tag: 'Member',
    access: 'public',
    response: messageResponse,
  },
  {
    method: 'get',
    path: '/api/user',
    summary: "The member's profile",
    tag: 'Member',
    access: 'member',
    response: memberProfile,
  },
  {
    method: 'patch',
    path: '/api/user',
    summary: 'Change first and last name',
    tag: 'Member',
    access: 'member',
    request: updateProfileRequest,
    response: messageResponse,
  },
  {
    method: 'patch',
    path: '/api/user/pass',
    summary: "Change the password; ends the member's other sessions",
    tag: 'Member',
    access: 'member',
    request: changePasswordRequest,
    response: messageResponse,
  },
  {
    method: 'get',
    path: '/api/user/wallets',
    summary: "The member's payout wallet addresses (null where none is stored), e.g. to prefill a withdrawal",
    tag: 'Member',
    access: 'member',
    response: payoutWallets,
  },
  {
    method: 'put',
    path: '/api/user/wallets',
    summary:
      'Save the payout wallets, each checked for its network (USDT as ERC-20 on Ethereum); Solana left out keeps its address, null removes it; a change is mailed to the member',
    tag: 'Member',
    access: 'member',
    request: payoutWalletsRequest,
    response: messageResponse,
  },
  {
    method: 'post',
    path: '/api/user/forget-pass',
    summary: 'Mail a reset link to /reset-password/<token>; the same answer for any address',
    tag: 'Member',
    access: 'public',
    request: forgotPasswordRequest,
    response: messageResponse,
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/api/user/change/{token}',
    summary: 'Set a new password with a mailed reset link; ends every session',
    tag: 'Member',
    access: 'public',
    request: resetPasswordRequest,
    response: messageResponse,
  },
  {
    method: 'post',
    path: '/api/admin/login',
    summary: 'Admin or auditor login; sets the ls_admin cookie, which ends with the browser',
    tag: 'Admin',
    access: 'public',
    request: adminLoginRequest,
    response: adminLoginResponse,
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/api/admin/logout',
    summary: 'End the admin session on the server',
    tag: 'Admin',
    access: 'public',
    response: messageResponse,
  },
  {
    method: 'get',
    path: '/api/admin',
    summary: "The admin's or auditor's own profile",
    tag: 'Admin',
    access: 'staff-read',
    response: adminProfile,
  },
  {
    method: 'post',
    path: '/api/admin/forget-pass',
    summary: 'Mail a reset link to /admin-reset-password/<token>; the same answer for any address',
    tag: 'Admin',
    access: 'public',
    request: forgotPasswordRequest,
    response: messageResponse,
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/api/admin/change/{token}',
    summary: 'Set a new admin password with a mailed reset link; ends every session',
    tag: 'Admin',
    access: 'public',
    request: resetPasswordRequest,
    response: messageResponse,
  },
  {
    method: 'post',
    path: '/api/admin/email/user/{id}',
    summary: 'Send a Message: e-mail a member (recorded with the admin id)',
    tag: 'Admin',
    access: 'admin',
    request: adminMessageRequest,
    response: messageResponse,
  },
  {
    method: 'post',
    path: '/api/deposit',
    summary:
      'Deposit with proof of payment (multipart; PNG, JPEG, WebP or PDF by content, at most 10 MB): pending until an admin confirms',
    tag: 'Member',
    access: 'member',
    request: depositRequest,
    fileField: 'payment_proof',
    idempotent: true,
    response: depositResponse,
    status: 201,
  },
  {
    method: 'get',
    path: '/api/deposits/{id}/proof',
    summary: "The member's own proof of payment of a deposit",
    tag: 'Member',
    access: 'member',
    response: 'file',
  },
  {
    method: 'post',
    path: '/api/withdraw',
    summary:
      'Request a withdrawal: the amount is reserved at once, pending until an admin pays or rejects it',
    tag: 'Member',
    access: 'member',
    request: withdrawalRequest,
    idempotent: true,
    response: withdrawalResponse,
    status: 201,
  },
  {
    method: 'post',
    path: '/api/admin/deposits/{id}/confirm',
    summary: 'Confirm a deposit: the amount is invested in its plan (a second confirm changes nothing)',
    tag: 'Admin',
    access: 'admin',
    response: commandResponse,
  },
  {
    method: 'post',
    path: '/api/admin/deposits/{id}/reject',
    summary: 'Reject a deposit with a reason',
    tag: 'Admin',
    access: 'admin',
    request: rejectRequest,
    response: commandResponse,
  },
  {
    method: 'get',
    path: '/api/admin/deposits/{id}/proof',
    summary: "A deposit's proof of payment",
    tag: 'Admin',
    access: 'staff-read',
    response: 'file',
  },
  {
    method: 'post',
    path: '/api/admin/withdrawals/{id}/pay',
    summary: 'Mark a withdrawal paid, with the payout transaction reference when there is one',
    tag: 'Admin',
    access: 'admin',
    request: payWithdrawalRequest,
    response: commandResponse,
  },
  {
    method: 'post',
    path: '/api/admin/withdrawals/{id}/reject',
    summary: 'Reject a withdrawal with a reason: the reserved amount goes back',
    tag: 'Admin',
    access: 'admin',
    request: rejectRequest,
    response: commandResponse,
  },
  {
    method: 'put',
    path: '/api/admin/users/{id}/balances',
    summary:
      "Set the available, invested and profit figures: send the changed ones as { shown, target } with the version the figures were read at; each change is an adjustment with the reason; 409 when the version or a shown figure is not the account's",
    tag: 'Admin',
    access: 'admin',
    request: adjustBalancesRequest,
    response: commandResponse,
  },
  {
    method: 'patch',
    path: '/api/admin/users/{id}',
    summary: "Edit a member's first name, last name and e-mail",
    tag: 'Admin',
    access: 'admin',
    request: updateUserRequest,
    response: messageResponse,
  },
  {
    method: 'delete',
    path: '/api/admin/users/{id}',
    summary: 'Close an account: no more logins, sessions end, personal data erased; the money history stays',
    tag: 'Admin',
    access: 'admin',
    response: messageResponse,
  },
  {
    method: 'get',
    path: '/api/plans',
    summary:
      'Active plans, optionally of one kind (?kind=crypto|real_estate); public, the site shows them to visitors',
    tag: 'Member',
    access: 'public',
    query: planListQuery,
    response: planListResponse,
  },
  {
    method: 'get',
    path: '/api/payment-methods',
    summary: 'Active payment methods with their receiving addresses, in display order',
    tag: 'Member',
    access: 'public',
    response: paymentMethodListResponse,
  },
  {
    method: 'get',
    path: '/api/admin/plans',
    summary: 'Every plan, active or not (?kind=crypto|real_estate)',
    tag: 'Admin',
    access: 'staff-read',
    query: planListQuery,
    response: planListResponse,
  },
  {
    method: 'post',
    path: '/api/admin/plans',
    summary: 'Create a plan (version 1); recorded as PlanCreated',
    tag: 'Admin',
    access: 'admin',
    request: createPlanRequest,
    response: planChangeResponse,
    status: 201,
  },
  {
    method: 'patch',
    path: '/api/admin/plans/{id}',
    summary:
      'Change a plan: new terms make a new version (running investments keep theirs); recorded as PlanChanged',
    tag: 'Admin',
    access: 'admin',
    request: updatePlanRequest,
    response: planChangeResponse,
  },
  {
    method: 'post',
    path: '/api/admin/plans/{id}/deactivate',
    summary: 'Stop offering a plan (running investments go on); recorded as PlanDeactivated',
    tag: 'Admin',
    access: 'admin',
    response: planChangeResponse,
  },
  {
    method: 'get',
    path: '/api/admin/payment-methods',
    summary: 'Every payment method, active or not',
    tag: 'Admin',
    access: 'staff-read',
    response: paymentMethodListResponse,
  },
  {
    method: 'post',
    path: '/api/admin/payment-methods',
    summary:
      'Create a payment method (the address is checked for the network); recorded as PaymentMethodCreated',
    tag: 'Admin',
    access: 'admin',
    request: createPaymentMethodRequest,
    response: paymentMethodChangeResponse,
    status: 201,
  },
  {
    method: 'patch',
    path: '/api/admin/payment-methods/{id}',
    summary: 'Change a payment method; recorded as PaymentMethodChanged',
    tag: 'Admin',
    access: 'admin',
    request: updatePaymentMethodRequest,
    response: paymentMethodChangeResponse,
  },
  {
    method: 'post',
    path: '/api/admin/payment-methods/{id}/deactivate',
    summary: 'Stop offering a payment method; recorded as PaymentMethodDeactivated',
    tag: 'Admin',
    access: 'admin',
    response: paymentMethodChangeResponse,
  },
  {
    method: 'get',
    path: '/api/market/prices',
    summary:
      'US-dollar quotes of the ticker assets from the configured provider ("sample" offline figures or CoinGecko), cached a minute; public, no personal data; 503 when the provider fails',
    tag: 'Market',
    access: 'public',
    response: marketPrices,
  },
  {
    method: 'get',
    path: '/api/health',
    summary:
      'Readiness: 200 when PostgreSQL, Redis, object storage and SMTP answer, else 503 (checked at most every 5 s)',
    tag: 'Health',
    access: 'public',
    response: healthReport,
  },
  {
    method: 'get',
    path: '/api/health/live',
    summary: 'Liveness: the process answers',
    tag: 'Health',
    access: 'public',
    response: z.object({ status: z.literal('ok') }),
  },
  {
    method: 'get',
    path: '/api/docs',
    summary: 'This documentation (Swagger UI)',
    tag: 'Documentation',
    access: 'public',
    response: 'html',
  },
  {
    method: 'get',
    path: '/api/docs/openapi.json',
    summary: 'The OpenAPI document',
    tag: 'Documentation',
    access: 'public',
    response: z.record(z.string(), z.unknown()),
  },
  {
    method: 'get',
    path: '/api/docs/ui/{file}',
    summary: "Swagger UI's own files",
    tag: 'Documentation',
    access: 'public',
    response: 'file',
  },
  ...READ_MODEL_ROUTES,
  ...AUDIT_ROUTES,
  ...QUEUES_BOARD_ROUTES,
  ...OBSERVABILITY_ROUTES,
];

/**
 * Bull Board: an express router mounted under this path (its page, assets and JSON api), not a Nest route.
 * Admins may change jobs there; auditors only look.
 */
export const QUEUES_BOARD_ROUTE: ApiRoute = {
  method: 'get',
  path: '/api/admin/queues',
  summary: 'Bull Board over the mail queue (read-only for auditors; e-mail addresses masked)',
  tag: 'Admin',
  access: 'staff-read',
  response: 'html',
};
