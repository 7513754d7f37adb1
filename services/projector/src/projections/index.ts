import type { Projection } from '@ledgerstone/eventstore';

/** The read models the projector keeps up to date; each joins this list with the issue that defines it. */
export const projections: readonly Projection[] = [];
