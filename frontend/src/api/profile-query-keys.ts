/** The cache keys of the signed-in member's and staff member's profiles, apart so that using them loads no react-query. */
export const memberProfileQueryKey = ['member-profile'] as const;
export const adminProfileQueryKey = ['admin-profile'] as const;
