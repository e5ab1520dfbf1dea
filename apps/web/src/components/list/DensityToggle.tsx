import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import DensitySmallIcon from '@mui/icons-material/DensitySmall';
import { IconButton, Tooltip } from '@mui/material';
import { useNotify } from 'react-admin';
import { useDensity } from './density';

/** Switches every list between comfortable and compact rows; the choice is saved for the person (on the server). */
export function DensityToggle() {
  const [density, setDensity] = useDensity();
  const notify = useNotify();
  const compact = density === 'compact';
  const label = compact ? 'Comfortable rows' : 'Compact rows';
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label="Compact rows"
        aria-pressed={compact}
        onClick={() =>
          setDensity(compact ? 'comfortable' : 'compact').catch(() =>
            notify('The row density could not be saved; it applies until you sign out', { type: 'warning' }),
          )
        }
      >
        {compact ? <DensityMediumIcon fontSize="small" /> : <DensitySmallIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
