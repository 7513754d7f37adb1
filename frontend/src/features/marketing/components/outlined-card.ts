/** The look of MUI's outlined Paper, for cards drawn as a Box (see components/layout/page-width.tsx for why). */
export const outlinedCard = {
  bgcolor: 'background.paper',
  color: 'text.primary',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
} as const;
