/** One page of a member's history as its table asks for it: page numbers from 1, the search as typed. */
export type MemberHistoryParams = { page: number; pageSize: number; search: string };

export function memberHistoryQueryString({ page, pageSize, search }: MemberHistoryParams): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim() !== '') query.set('search', search.trim());
  return query.toString();
}
