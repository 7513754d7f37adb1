/** One page of a list the server pages and searches: page numbers from 1, the search as typed. */
export type SearchedPage = { page: number; pageSize: number; search: string };

/** `page=&pageSize=`, and `search=` trimmed when it holds more than spaces. */
export function searchedPageQuery({ page, pageSize, search }: SearchedPage): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim() !== '') query.set('search', search.trim());
  return query.toString();
}
