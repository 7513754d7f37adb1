const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
