import { PAGES } from '@app/contract/permissions';
import { Typography, useMediaQuery, useTheme } from '@mui/material';
import { type ReactElement, type ReactNode, useId } from 'react';
import {
  Datagrid,
  DatagridBody,
  FilterButton,
  FunctionField,
  List,
  type RaRecord,
  type SortPayload,
  TopToolbar,
} from 'react-admin';
import { ListExportButton } from '../ListExportButton';
import { CompactList, type CompactRow } from './CompactList';
import { CutTextTips } from './CutTextTips';
import { DensityToggle } from './DensityToggle';
import { useDensity } from './density';
import { KeyboardRow } from './KeyboardRow';
import { ListHeader } from './ListHeader';
import { ListPagination } from './ListPagination';
import { ListEmpty, ListError } from './ListStates';
import type { RowClick } from './row-click';

export type { RowClick } from './row-click';

export interface ListPageProps<R extends RaRecord = RaRecord> {
  /** The menu page (contract/permissions) this list belongs to: its label is the heading. */
  page?: string;
  /** Overrides the menu label; `false` when the page shows its own heading (e.g. above tabs). */
  title?: string | false;
  /** The API path under /api, e.g. `admin/coupon-allocations`. */
  resource: string;
  /** Columns for wide screens: react-admin fields. */
  columns: ReactNode;
  /** What one row says on a narrow screen (below 600 px). */
  compact: CompactRow<R>;
  /** The sentence shown when there are no rows yet, e.g. "No allocations yet: allocate coupons to an invoice". */
  empty: string;
  filters?: ReactElement[];
  /** A filter the user cannot remove (e.g. status=pending for a queue). */
  filter?: Record<string, unknown>;
  filterDefaultValues?: Record<string, unknown>;
  sort?: SortPayload;
  perPage?: number;
  rowClick?: RowClick;
  /** A row's detail shown beneath it (wide screens); use with rowClick="expand". */
  expand?: ReactElement;
  isRowExpandable?: (record: R) => boolean;
  /** Buttons of one row; shown as a last column, or in a ⋮ menu on a narrow screen. */
  rowActions?: (record: R) => ReactNode;
  /** Extra buttons in the toolbar (Create, Upload, bulk actions live in `bulkActions`). */
  actions?: ReactNode;
  bulkActions?: ReactElement | false;
  /** The server export (`<resource>/export` unless given); `false` for none. */
  exportPath?: string | false;
  exportName?: string;
  /** Another list on the same page keeps its own URL filters. */
  storeKey?: string;
  /** Rendered inside the list's context, e.g. an auto-refresh while rows are in progress. */
  children?: ReactNode;
  disableSyncWithLocation?: boolean;
}

const ACTIONS_CELL = 'list-row-actions';

/**
 * Dense, stable tables: codes, numbers and dates never wrap (a row stays one line); long text is cut
 * with an ellipsis, its full text in a tip on hover and focus (CutTextTips); the actions column, its
 * header with it, is pinned to the right edge, so Approve/Reject/Undo are on screen however wide the
 * table scrolls.
 */
const pinned = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;
const TABLE_SX = {
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
  '& .RaDatagrid-headerCell, & .RaDatagrid-rowCell': { whiteSpace: 'nowrap' },
  [`& .RaDatagrid-rowCell:not(.${ACTIONS_CELL})`]: {
    maxWidth: '22rem',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  // The header cell and the cells of the actions column (FunctionField's headerClassName/cellClassName).
  [`& .${ACTIONS_CELL}`]: pinned,
  [`& th.${ACTIONS_CELL}`]: { ...pinned, zIndex: 3 },
  '& td[data-cut]': { cursor: 'help' },
} as const;

/** The label of a menu page, the one source of page titles. */
export const pageTitle = (path: string): string => PAGES.find((p) => p.path === path)?.label ?? '';

/**
 * Every list page: title from the menu, filters in the URL, server export, a sentence when empty,
 * a skeleton while loading, an error with Retry when the API or network fails (no raw toast),
 * rows that open from the keyboard, and cards with a row-action menu below 600 px.
 */
export function ListPage<R extends RaRecord = RaRecord>(props: ListPageProps<R>) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const title = props.title === false ? null : (props.title ?? (props.page ? pageTitle(props.page) : ''));
  const exportPath = props.exportPath === false ? null : (props.exportPath ?? `/${props.resource}/export`);
  const rowClick = props.rowClick ?? false;
  const [density] = useDensity();
  const marker = `list-table-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <>
      {title && (
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
      )}
      <List
        resource={props.resource}
        title={false}
        filters={props.filters}
        filter={props.filter}
        filterDefaultValues={props.filterDefaultValues}
        sort={props.sort}
        perPage={props.perPage ?? 25}
        storeKey={props.storeKey}
        disableSyncWithLocation={props.disableSyncWithLocation}
        // The error state below says it; a toast on top would say it twice, and rawly.
        queryOptions={{ onError: () => undefined }}
        error={<ListError />}
        // Never react-admin's empty page: it replaces the toolbar too, and the first record could not
        // be created. The rows say it instead (the Datagrid's and the cards' `empty`).
        empty={false}
        pagination={<ListPagination />}
        actions={
          <TopToolbar sx={{ flexWrap: 'wrap' }}>
            {props.filters && props.filters.length > 0 && <FilterButton />}
            {props.actions}
            {!narrow && <DensityToggle />}
            {exportPath && (
              <ListExportButton
                path={exportPath}
                fileName={props.exportName ?? props.resource.split('/').pop()!}
              />
            )}
          </TopToolbar>
        }
        sx={{
          '& .RaList-main': { minWidth: 0 },
          '& .RaFilterForm-root': { flexWrap: 'wrap' },
        }}
      >
        {props.children}
        {!narrow && <CutTextTips marker={marker} />}
        {narrow ? (
          <CompactList<R>
            row={props.compact}
            rowClick={rowClick}
            actions={props.rowActions}
            empty={<ListEmpty text={props.empty} />}
          />
        ) : (
          <Datagrid
            rowClick={rowClick}
            bulkActionButtons={props.bulkActions ?? false}
            expand={props.expand}
            isRowExpandable={props.isRowExpandable as ((record: RaRecord) => boolean) | undefined}
            empty={<ListEmpty text={props.empty} />}
            header={ListHeader}
            body={<DatagridBody row={<KeyboardRow />} />}
            size={density === 'compact' ? 'small' : 'medium'}
            className={marker}
            sx={TABLE_SX}
          >
            {props.columns}
            {props.rowActions && (
              <FunctionField
                label="Actions"
                cellClassName={ACTIONS_CELL}
                headerClassName={ACTIONS_CELL}
                sortable={false}
                render={(record: R) => props.rowActions?.(record)}
              />
            )}
          </Datagrid>
        )}
      </List>
    </>
  );
}
