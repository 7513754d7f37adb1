import { createTheme, type ThemeOptions } from '@mui/material/styles';

const navy = { 950: '#070e1a', 900: '#0b1424', 800: '#111d33', 700: '#1a2a47' };
const gold = { main: '#d4af5a', light: '#e8cd8a', dark: '#a8853a' };

const serif = '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, serif';
const sans = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** What the site's theme sets: colours, type, shapes and component defaults. */
export const siteThemeOptions: ThemeOptions = {
  palette: {
    mode: 'dark',
    primary: { ...gold, contrastText: navy[900] },
    secondary: { main: '#8fb3d9', contrastText: navy[900] },
    background: { default: navy[900], paper: navy[800] },
    text: { primary: '#edf1f7', secondary: '#aab5c7' },
    divider: 'rgba(212, 175, 90, 0.18)',
    success: { main: '#5cc99a' },
    warning: { main: '#f0b454' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: sans,
    h1: { fontFamily: serif, fontWeight: 600 },
    h2: { fontFamily: serif, fontWeight: 600 },
    h3: { fontFamily: serif, fontWeight: 600 },
    h4: { fontFamily: serif, fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: '0.01em' },
    overline: { letterSpacing: '0.18em', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      // notistack's default success, info and warning colours are too light for white text (WCAG AA).
      styleOverrides: {
        '.notistack-MuiContent.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
        '.notistack-MuiContent.notistack-MuiContent-info': { backgroundColor: '#0766a8' },
        '.notistack-MuiContent.notistack-MuiContent-warning': { backgroundColor: '#9a4a00' },
      },
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
    },
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: `2px solid ${gold.light}`, outlineOffset: 2 },
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 999, paddingInline: 20 } },
    },
    MuiPaper: {
      styleOverrides: { root: { backgroundImage: 'none' } },
    },
  },
};

/**
 * The site's look, without the app's router: the islands of the pre-rendered marketing pages (islands.tsx)
 * use it as it is, so their links are plain anchors; the app's theme (theme.ts) makes them router links.
 */
export const siteTheme = createTheme(siteThemeOptions);
