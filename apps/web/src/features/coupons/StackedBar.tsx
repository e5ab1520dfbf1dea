import { Box, Stack, Typography } from '@mui/material';

/** A share-of-total bar (states of the coupon stock) with its legend. */
export function StackedBar({ parts }: { parts: { label: string; value: number; colour: string }[] }) {
  const total = parts.reduce((n, p) => n + p.value, 0) || 1;
  let offset = 0;
  return (
    <Box>
      <Box
        component="svg"
        viewBox="0 0 1000 36"
        role="img"
        aria-label="Coupons by state"
        sx={{ width: '100%', height: 36, display: 'block' }}
        preserveAspectRatio="none"
      >
        {parts.map((p) => {
          const w = (p.value / total) * 1000;
          const rect = (
            <rect key={p.label} x={offset} y={0} width={w} height={36} fill={p.colour}>
              <title>{`${p.label}: ${p.value.toLocaleString('en-IN')}`}</title>
            </rect>
          );
          offset += w;
          return rect;
        })}
      </Box>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', mt: 0.5 }}>
        {parts.map((p) => (
          // Only the swatch is in the state's colour: light colours are not legible as text (WCAG AA).
          <Typography key={p.label} variant="caption">
            <Box component="span" aria-hidden="true" sx={{ color: p.colour }}>
              ■
            </Box>{' '}
            {p.label} {p.value.toLocaleString('en-IN')}
          </Typography>
        ))}
      </Stack>
    </Box>
  );
}
