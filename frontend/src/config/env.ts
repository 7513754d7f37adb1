export const env = {
  PRODUCT_NAME: 'Ledgerstone',
  API_URL: '/api',
} as const;
