import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, Card, CardActionArea, IconButton, Menu, Skeleton, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { type RaRecord, RecordContextProvider, useCreatePath, useListContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { RowClick } from './row-click';

export interface CompactRow<R extends RaRecord = RaRecord> {
  primary: (record: R) => ReactNode;
  secondary?: (record: R) => ReactNode;
  tertiary?: (record: R) => ReactNode;
}

/** Below 600 px: one card per row (no sideways scrolling), row actions in a ⋮ menu. */
export function CompactList<R extends RaRecord>(props: {
  row: CompactRow<R>;
  rowClick?: RowClick;
  actions?: (record: R) => ReactNode;
  /** Shown instead of the cards when there are none. */
  empty?: ReactNode;
}) {
  const { data, isPending, resource } = useListContext<R>();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  if (isPending)
    return (
      <Stack spacing={1} sx={{ p: 1 }} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={64} />
        ))}
      </Stack>
    );
  if (!data || data.length === 0) return props.empty ?? null;
  const target = (record: R) => {
    if (!props.rowClick) return null;
    const to =
      typeof props.rowClick === 'function' ? props.rowClick(record.id, resource, record) : props.rowClick;
    if (!to || to === 'expand' || to === 'toggleSelection') return null;
    return to === 'show' || to === 'edit' ? createPath({ resource, id: record.id, type: to }) : to;
  };
  return (
    <Stack
      spacing={1}
      sx={{ p: 1 }}
      component="ul"
      aria-label="Rows"
      style={{ listStyle: 'none', margin: 0 }}
    >
      {(data ?? []).map((record) => {
        const to = target(record);
        const body = (
          <Box sx={{ p: 1.5, minWidth: 0 }}>
            <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
              {props.row.primary(record)}
            </Typography>
            {props.row.secondary && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {props.row.secondary(record)}
              </Typography>
            )}
            {props.row.tertiary && (
              <Typography variant="caption" color="text.secondary">
                {props.row.tertiary(record)}
              </Typography>
            )}
          </Box>
        );
        return (
          <Card
            component="li"
            key={record.id}
            variant="outlined"
            sx={{ display: 'flex', alignItems: 'center' }}
          >
            <RecordContextProvider value={record}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                {to ? <CardActionArea onClick={() => navigate(to)}>{body}</CardActionArea> : body}
              </Box>
              {props.actions && <RowActionsMenu>{props.actions(record)}</RowActionsMenu>}
            </RecordContextProvider>
          </Card>
        );
      })}
    </Stack>
  );
}

function RowActionsMenu({ children }: { children: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!children) return null;
  return (
    <>
      <IconButton aria-label="Row actions" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} keepMounted>
        <Stack sx={{ px: 1, alignItems: 'flex-start' }}>{children}</Stack>
      </Menu>
    </>
  );
}
