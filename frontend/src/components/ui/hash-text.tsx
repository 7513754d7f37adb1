import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

type HashTextProps = {
  value: string;
  /** Shows only the first characters of a longer value, the whole value on hover; otherwise the whole value, wrapped anywhere. */
  shown?: number;
  sx?: SxProps<Theme>;
};

/** A hash (or another opaque id) in monospace. */
export function HashText({ value, shown, sx = [] }: HashTextProps) {
  const extra = Array.isArray(sx) ? sx : [sx];
  if (shown === undefined || value.length <= shown) {
    return (
      <Box component="code" sx={[{ fontFamily: 'monospace', overflowWrap: 'anywhere' }, ...extra]}>
        {value}
      </Box>
    );
  }
  return (
    <Box component="code" title={value} sx={[{ fontFamily: 'monospace', whiteSpace: 'nowrap' }, ...extra]}>
      {`${value.slice(0, shown)}…`}
    </Box>
  );
}
