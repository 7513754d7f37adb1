import { sql, type Expression, type SqlBool } from 'kysely';

/** An ILIKE pattern finding `text` anywhere, its `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A deposit's or withdrawal's row holding `search` in its amount as shown ("$1,500.00") or as digits ("1500.00"),
 * its payment method, its status or its reason, without regard to case.
 */
export function historyRowMatches(
  table: 'rm_deposits' | 'rm_withdrawals',
  search: string,
): Expression<SqlBool> {
  const pattern = containsPattern(search);
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<SqlBool>`(
    '$' || to_char(${column('amount')} / 100.0, 'FM999,999,999,999,999,990.00') ilike ${pattern}
    or to_char(${column('amount')} / 100.0, 'FM999999999999999990.00') ilike ${pattern}
    or payment_methods.name ilike ${pattern}
    or ${column('status')} ilike ${pattern}
    or ${column('reason')} ilike ${pattern}
  )`;
}
