import { describe, expect, it } from '@jest/globals';
import { createTheme, type ThemeOptions } from '@mui/material/styles';
// The module the build resolves MUI's createTheme to (vite.config.ts, muiThemesWithoutCssVariables); not one
// of the package's public entry points, so it is reached by its path.
import createThemeNoVars from '../../../../node_modules/@mui/material/styles/createThemeNoVars.mjs';

import { siteThemeOptions } from '../site-theme.js';

/** The options type of MUI's createTheme, which its plain builder takes as they are. */
const plain = (options: ThemeOptions) => options as Parameters<typeof createThemeNoVars>[0];

/** Everything a theme holds that can be compared: its values, and what its functions give for a few inputs. */
function observable(theme: ReturnType<typeof createTheme>) {
  return {
    values: JSON.parse(JSON.stringify(theme)) as unknown,
    spacing: [theme.spacing(0), theme.spacing(1.5), theme.spacing(2, 4)],
    up: [theme.breakpoints.up('sm'), theme.breakpoints.down('md'), theme.breakpoints.between('xs', 'lg')],
    contrast: theme.palette.getContrastText('#d4af5a'),
    augmented: theme.palette.augmentColor({ color: { main: '#8fb3d9' } }),
    transition: theme.transitions.create(['opacity', 'transform'], { duration: 200 }),
    pxToRem: theme.typography.pxToRem(18),
    hasVars: 'vars' in theme && theme.vars !== undefined,
  };
}

describe('MUI themes built without the CSS-variables builder', () => {
  it('Given the site theme options, When built by createThemeNoVars, Then the theme is the one createTheme builds', () => {
    expect(observable(createThemeNoVars(plain(siteThemeOptions)))).toEqual(
      observable(createTheme(siteThemeOptions)),
    );
  });

  it("Given no options (MUI's default theme), When built by createThemeNoVars, Then it equals createTheme()", () => {
    expect(observable(createThemeNoVars())).toEqual(observable(createTheme()));
  });

  it('Given options that ask for CSS variables, When built by createTheme, Then they differ: the build must not serve such options', () => {
    const withVariables = { ...siteThemeOptions, cssVariables: true };
    expect(observable(createTheme(withVariables)).hasVars).toBe(true);
    expect(observable(createThemeNoVars(plain(withVariables))).hasVars).toBe(false);
  });
});
