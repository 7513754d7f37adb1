import pg from 'pg';

const UNIQUE_VIOLATION = '23505';

/** Whether `error` is PostgreSQL refusing a duplicate under the named unique constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && violated === constraint;
}

/** Whether PostgreSQL refused a statement (its transaction can then only roll back), not the code around it. */
export function isDatabaseError(error: unknown): boolean {
  return error instanceof pg.DatabaseError;
}
