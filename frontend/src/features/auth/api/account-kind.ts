/** Members and staff reset passwords through the same calls under their own prefix. */
export type AccountKind = 'user' | 'admin';
