import type { CheckboxOwnerState } from '@mui/material';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * Status colours that read at WCAG AA (4.5:1) both as white text on the colour (filled chips and
 * buttons) and as the colour's text on the page (outlined chips, captions). MUI's own orange
 * (#ed6c02, 3.1:1) and light blue (#0288d1, 3.9:1) do not; these are the same hues, darker.
 */
export const STATUS_COLOURS = { warning: '#b45309', info: '#0277bd' } as const;

/**
 * A checkbox's `aria-label` names its input, not the span around it (MUI puts it on the span, where
 * ARIA prohibits it and the checkbox stays unnamed: react-admin's row checkboxes are written so).
 */
const checkboxLabelOnInput = {
  root: () => ({ 'aria-label': undefined }),
  input: (owner: CheckboxOwnerState) => {
    const label = (owner as { 'aria-label'?: string })['aria-label'];
    return label ? { 'aria-label': label } : {};
  },
};

/** react-admin's default theme with the brand green of the logo and the route loader. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#2e7d32' },
    secondary: { main: '#1b5e20' },
    warning: { main: STATUS_COLOURS.warning },
    info: { main: STATUS_COLOURS.info },
  },
  components: {
    ...defaultTheme.components,
    MuiCheckbox: {
      ...defaultTheme.components?.MuiCheckbox,
      defaultProps: {
        ...defaultTheme.components?.MuiCheckbox?.defaultProps,
        slotProps: checkboxLabelOnInput,
      },
    },
  },
};
