import type { DepositResponse } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { env } from '../../../config/env.js';
import { ApiError, toApiError, UNREACHABLE_MESSAGE } from '../../../lib/api-client.js';

export type DepositInput = {
  planId: string;
  paymentMethodId: string;
  amount: string;
  transactionHash: string;
  proof: File;
};

type UploadOptions = {
  /** One key per form: a retried submission is recorded once. */
  idempotencyKey: string;
  /** Percent of the form sent, 0 to 100. */
  onProgress: (percent: number) => void;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function depositForm(input: DepositInput): FormData {
  const form = new FormData();
  form.append('plan', input.planId);
  form.append('amount', input.amount);
  form.append('payment_method', input.paymentMethodId);
  if (input.transactionHash.trim() !== '') form.append('transaction_hash', input.transactionHash.trim());
  form.append('payment_proof', input.proof, input.proof.name);
  return form;
}

/** XMLHttpRequest rather than fetch: only it reports upload progress. */
export function createDeposit(input: DepositInput, options: UploadOptions): Promise<DepositResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${env.API_URL}/deposit`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Idempotency-Key', options.idempotencyKey);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      const body = readBody(request.responseText);
      if (request.status >= 200 && request.status < 300 && isRecord(body)) {
        resolve(body as DepositResponse);
      } else {
        reject(toApiError(request.status, body));
      }
    });
    request.addEventListener('error', () => reject(new ApiError(0, UNREACHABLE_MESSAGE)));
    request.send(depositForm(input));
  });
}

export function useCreateDeposit(options: UploadOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DepositInput) => createDeposit(input, options),
    // Profile, deposit history and activity belong to other features: refresh every member query.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
