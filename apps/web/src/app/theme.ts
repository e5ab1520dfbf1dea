import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default theme with the brand green of the logo and the route loader. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#2e7d32' }, secondary: { main: '#1b5e20' } },
};
