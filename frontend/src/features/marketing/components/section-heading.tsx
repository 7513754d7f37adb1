import Typography from '@mui/material/Typography';

type SectionHeadingProps = { id: string; overline?: string; title: string; align?: 'left' | 'center' };

export function SectionHeading({ id, overline, title, align = 'center' }: SectionHeadingProps) {
  return (
    <>
      {overline && (
        <Typography variant="overline" component="p" sx={{ color: 'primary.light', textAlign: align }}>
          {overline}
        </Typography>
      )}
      <Typography
        id={id}
        variant="h3"
        component="h2"
        sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, textAlign: align, mb: 5 }}
      >
        {title}
      </Typography>
    </>
  );
}
