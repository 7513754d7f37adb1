/** `?as_of=...` for a moment (ISO, UTC), nothing for "now". */
export const asOfQuery = (asOf: string | undefined) =>
  asOf ? `?${new URLSearchParams({ as_of: asOf }).toString()}` : '';
