import { Box, Tooltip } from '@mui/material';

/**
 * Long text cut to one line with an ellipsis; the full text shows on hover and on keyboard focus
 * (the same as a cut cell of a list).
 */
export function CutText({
  text,
  maxWidth = '22rem',
}: {
  text: string | null | undefined;
  maxWidth?: string;
}) {
  if (!text) return null;
  return (
    <Tooltip title={text}>
      <Box
        component="span"
        tabIndex={0}
        sx={{
          display: 'inline-block',
          maxWidth,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'bottom',
        }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}
