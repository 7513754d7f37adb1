import { lazy, Suspense } from 'react';

import type { TwoStepFormProps } from './two-step-form.js';

// The second step (with the contracts' code schemas) loads apart from the login pages, which every visitor opens.
const loadTwoStepForm = () => import('./two-step-form.js');
const LazyTwoStepForm = lazy(async () => ({ default: (await loadTwoStepForm()).TwoStepForm }));

/** Starts loading the second step while the password is being checked. */
export function preloadSecondStep() {
  void loadTwoStepForm();
}

/** "Two-step verification", once the password was right and the account has a second factor. */
export function SecondStep(props: TwoStepFormProps) {
  return (
    <Suspense fallback={null}>
      <LazyTwoStepForm {...props} />
    </Suspense>
  );
}
