/** What a list or table says while its data loads, and when the data could not be fetched. */
export const LOADING_TEXT = 'Loading...';
export const FETCH_ERROR_TEXT = 'An error occurred while fetching the data.';
