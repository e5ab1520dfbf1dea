import type { ActionId } from '@app/contract/actions';
import { actionOf, type Endpoint, resourceOf } from '@app/contract/endpoint';
import type { ListEndpoints } from '@app/contract/endpoint-kits';
import type { idParams } from '@app/contract/input';
import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/Archive';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import {
  Button,
  Create,
  Edit,
  type RaRecord,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  type SortPayload,
  Toolbar,
  useNotify,
} from 'react-admin';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { RecordHistory } from '../../components/audit/RecordHistory';
import type { CompactRow } from '../../components/list/CompactList';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { useRowAction } from '../../components/use-row-action';

/**
 * A content record's contract endpoints (`contentEndpoints.x`): its list (the react-admin resource),
 * its create (whose action adds, edits and archives) and, when archived by a flag, archive and restore.
 */
/** A move of one record (`POST …/:id/archive`). */
type RowMove = Endpoint & { readonly method: 'POST'; readonly params: typeof idParams };

export interface ContentEndpoints {
  list: ListEndpoints['list'];
  create: { readonly access: { readonly action: ActionId } };
  archive?: RowMove;
  restore?: RowMove;
  /** The record's history (every record kit declares one). */
  history?: Endpoint & { readonly method: 'GET' };
}

export interface RecordPageProps<R extends RaRecord> {
  page: string;
  endpoints: ContentEndpoints;
  /** One record, in lower case: "social link". */
  noun: string;
  /** The audit entity of its records: the edit page shows the record's history. */
  entity?: string;
  columns: ReactNode;
  compact: CompactRow<R>;
  empty: string;
  filters?: ReactElement[];
  sort?: SortPayload;
  /** The form's inputs, shared by create and edit. */
  inputs: (mode: 'create' | 'edit') => ReactNode;
  defaults?: Record<string, unknown>;
  /** The body sent: only what the API takes. */
  transform: (data: Record<string, unknown>) => Record<string, unknown>;
  /** More row buttons beside Archive/Restore. */
  rowExtras?: (record: R) => ReactNode;
  /** More routes under the page (a record's sub-page). */
  routes?: ReactNode;
  /** `false` when the page shows its own heading (above tabs). */
  title?: false;
  /** Archive (active false) and restore; documents have their own workflow. */
  archive?: boolean;
  /** Whether a row opens its edit form (all rows by default). */
  editable?: (record: R) => boolean;
}

/** Archive or restore one record, after the confirmation dialog. */
export function ArchiveButton({
  record,
  endpoints,
  noun,
}: {
  record: RaRecord;
  endpoints: ContentEndpoints;
  noun: string;
}) {
  const archiving = Boolean(record.active);
  const move = archiving ? endpoints.archive : endpoints.restore;
  const name = String(record.title ?? record.platform ?? noun);
  const toggle = useRowAction({
    action: actionOf(endpoints.create),
    title: archiving ? `Archive ${name}?` : `Restore ${name}?`,
    text: archiving
      ? `The ${noun} leaves the member app; it can be restored later.`
      : `The ${noun} shows in the member app again.`,
    verb: archiving ? 'Archive' : 'Restore',
    destructive: archiving,
    run: async () => {
      if (!move) throw new Error(`The ${noun} cannot be ${archiving ? 'archived' : 'restored'}`);
      return call(move, { params: { id: record.id } });
    },
    done: () => (archiving ? `${name} archived` : `${name} restored`),
  });
  if (!toggle.allowed || !move) return null;
  return (
    <>
      <Button
        label={archiving ? 'Archive' : 'Restore'}
        onClick={toggle.open}
        color={archiving ? 'error' : 'primary'}
      >
        {archiving ? <ArchiveIcon /> : <UnarchiveIcon />}
      </Button>
      {toggle.dialog}
    </>
  );
}

export const activeFilter = (
  <SelectInput
    key="active"
    source="active"
    label="Status"
    choices={[
      { id: true, name: 'Active' },
      { id: false, name: 'Archived' },
    ]}
  />
);
export const searchFilter = (placeholder: string) => (
  <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} />
);

function FormPage<R extends RaRecord>(props: RecordPageProps<R> & { mode: 'create' | 'edit' }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const onSuccess = () => {
    notify(props.mode === 'create' ? `The ${props.noun} is added` : `The ${props.noun} is saved`, {
      type: 'success',
    });
    navigate(props.page);
  };
  const form = (
    <SimpleForm
      sx={{ maxWidth: 640 }}
      defaultValues={props.defaults}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      {props.inputs(props.mode)}
    </SimpleForm>
  );
  return (
    <>
      <Typography variant="h5" component="h1">
        {props.mode === 'create' ? `New ${props.noun}` : `Edit ${props.noun}`}
      </Typography>
      {props.mode === 'create' ? (
        <Create
          resource={resourceOf(props.endpoints.list)}
          title={false}
          redirect={false}
          mutationOptions={{ onSuccess }}
          transform={props.transform}
        >
          {form}
        </Create>
      ) : (
        <Edit
          resource={resourceOf(props.endpoints.list)}
          id={id}
          title={false}
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{ onSuccess }}
          transform={props.transform}
        >
          {form}
        </Edit>
      )}
      {props.mode === 'edit' && props.entity && props.endpoints.history && id && (
        <RecordHistory entity={props.entity} id={id} history={props.endpoints.history} />
      )}
    </>
  );
}

/**
 * A row's buttons: their clicks (and the dialogs they open, whose events bubble through React) stay
 * out of the row, which would otherwise open the record's form.
 */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops clicks reaching the row; the buttons inside are the controls
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <span style={{ display: 'inline-flex', flexWrap: 'wrap' }} onClick={(e) => e.stopPropagation()}>
      {children}
    </span>
  );
}

/** A content page: the list (ListPage), its create and edit forms, archive and restore. */
export function RecordPage<R extends RaRecord>(props: RecordPageProps<R>) {
  const { can } = useProfile();
  const canManage = can(actionOf(props.endpoints.create));
  const resource = resourceOf(props.endpoints.list);
  const list = (
    <ListPage<R>
      page={props.page}
      title={props.title}
      resource={resource}
      exportName={pageTitle(props.page)}
      filters={props.filters}
      sort={props.sort}
      empty={props.empty}
      rowClick={
        canManage
          ? (id, _resource, record) =>
              !props.editable || props.editable(record as R) ? `${props.page}/${id}/edit` : false
          : false
      }
      actions={
        canManage ? (
          <Button label={`Add ${props.noun}`} component={Link} to={`${props.page}/create`}>
            <AddIcon />
          </Button>
        ) : undefined
      }
      rowActions={(record) => (
        <RowActions>
          {props.rowExtras?.(record)}
          {props.archive !== false && (
            <ArchiveButton record={record} endpoints={props.endpoints} noun={props.noun} />
          )}
        </RowActions>
      )}
      compact={props.compact}
      columns={props.columns}
    />
  );
  return (
    <ServerFieldErrors>
      <Routes>
        <Route index element={list} />
        <Route path="create" element={<FormPage {...props} mode="create" />} />
        <Route path=":id/edit" element={<FormPage {...props} mode="edit" />} />
        {props.routes}
      </Routes>
    </ServerFieldErrors>
  );
}

/** Keeps the listed keys of a form's data (the API refuses nothing else, but sends only these). */
export const pick =
  (...keys: string[]) =>
  (data: Record<string, unknown>) =>
    Object.fromEntries(keys.filter((k) => k in data).map((k) => [k, data[k] === '' ? null : data[k]]));
