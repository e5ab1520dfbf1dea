import { Checkbox, Chip, createTheme, getContrastRatio, ThemeProvider } from '@mui/material';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const muiTheme = createTheme(theme);
const render = (node: ReactElement) =>
  renderToStaticMarkup(<ThemeProvider theme={muiTheme}>{node}</ThemeProvider>)
    // Emotion's <style> tags are not the markup under test.
    .replace(/<style[^>]*>.*?<\/style>/g, '');

describe('theme', () => {
  it('names a checkbox by its input: react-admin writes row checkboxes with aria-label on the component', () => {
    const html = render(<Checkbox aria-label="Select this row" />);
    expect(html).toMatch(/<input[^>]*aria-label="Select this row"/);
    expect(html).not.toMatch(/<span[^>]*aria-label=/);
    // A label given for the input stays where it was put.
    expect(render(<Checkbox slotProps={{ input: { 'aria-label': 'Select all' } }} />)).toMatch(
      /<input[^>]*aria-label="Select all"/,
    );
  });

  it('gives every status colour AA contrast as chip text on it and as text on the page', () => {
    const { palette } = muiTheme;
    for (const colour of ['primary', 'success', 'error', 'warning', 'info'] as const) {
      const { main, contrastText } = palette[colour];
      expect(getContrastRatio(contrastText, main), `${colour} chip`).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(main, palette.background.default), `${colour} text`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
    expect(render(<Chip color="warning" label="requested" />)).toContain('requested');
  });
});
