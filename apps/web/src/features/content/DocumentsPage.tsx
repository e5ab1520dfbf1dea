import { CONTENT_PAGES } from '@app/contract/content';
import {
  DOCUMENT_FORMATS,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_LANGUAGES,
  DOCUMENT_STATUSES,
  type DocumentLanguage,
  type DocumentRow,
} from '@app/contract/content-documents';
import { contentEndpoints } from '@app/contract/content-media';
import { actionOf } from '@app/contract/endpoint';
import { formatCount } from '@app/contract/format';
import ArchiveIcon from '@mui/icons-material/Archive';
import PublishIcon from '@mui/icons-material/Publish';
import { Box, Typography } from '@mui/material';
import {
  Button,
  FormDataConsumer,
  FunctionField,
  required,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { call } from '../../app/api';
import { DateTimeField } from '../../components/fields';
import { StatusChip } from '../../components/StatusChip';
import { useRowAction } from '../../components/use-row-action';
import { FileInput } from './FileInput';
import { RecordPage, searchFilter } from './RecordPage';

const e = contentEndpoints.documents;
const LANGUAGE_NAMES: Record<DocumentLanguage, string> = {
  hi: 'Hindi',
  mr: 'Marathi',
  gu: 'Gujarati',
  ta: 'Tamil',
};
const kindChoices = DOCUMENT_KINDS.map((k) => ({ id: k, name: DOCUMENT_KIND_LABELS[k] }));
const formatChoices = DOCUMENT_FORMATS.map((f) => ({
  id: f,
  name: f === 'pdf' ? 'PDF' : f === 'markdown' ? 'Markdown' : 'Plain text',
}));

function DocumentActions({ row }: { row: DocumentRow }) {
  const name = `${DOCUMENT_KIND_LABELS[row.kind]} ${row.version}`;
  const publish = useRowAction({
    action: actionOf(e.publish),
    title: `Publish ${name}?`,
    text:
      row.kind === 'terms'
        ? 'It replaces the published terms; every member is asked to accept this version.'
        : 'It replaces the published version in the member app.',
    verb: 'Publish',
    run: () => call(e.publish, { params: { id: row.id } }),
    done: () => `${name} is published`,
  });
  const archive = useRowAction({
    action: actionOf(e.archive),
    title: `Archive ${name}?`,
    text: 'It is kept for the record but no longer listed as a draft or an earlier version.',
    verb: 'Archive',
    destructive: true,
    run: () => call(e.archive, { params: { id: row.id } }),
    done: () => `${name} archived`,
  });
  return (
    <>
      {row.status === 'draft' && publish.allowed && (
        <Button label="Publish" onClick={publish.open}>
          <PublishIcon />
        </Button>
      )}
      {(row.status === 'draft' || row.status === 'superseded') && archive.allowed && (
        <Button label="Archive" color="error" onClick={archive.open}>
          <ArchiveIcon />
        </Button>
      )}
      {publish.dialog}
      {archive.dialog}
    </>
  );
}

/** Documents: terms, privacy policy, scheme rules and FAQ as versions, draft → published. */
export default function DocumentsPage() {
  return (
    <RecordPage<DocumentRow>
      page={CONTENT_PAGES.documents}
      endpoints={e}
      noun="document"
      archive={false}
      editable={(r) => r.status === 'draft'}
      empty="No documents yet. Write the terms and conditions and publish them."
      filters={[
        searchFilter('Title or version'),
        <SelectInput key="kind" source="kind" choices={kindChoices} />,
        <SelectInput
          key="status"
          source="status"
          choices={DOCUMENT_STATUSES.map((s) => ({ id: s, name: s }))}
        />,
      ]}
      sort={{ field: 'id', order: 'DESC' }}
      defaults={{ kind: 'terms', format: 'markdown' }}
      transform={(data) => {
        const body: Record<string, unknown> = {
          version: data.version,
          title: data.title,
          format: data.format,
        };
        if (data.id === undefined) body.kind = data.kind;
        if (data.format === 'pdf') body.fileId = data.fileId;
        else body.body = data.body;
        body.translations = data.translations ?? {};
        return body;
      }}
      inputs={(mode) => (
        <>
          <SelectInput
            source="kind"
            choices={kindChoices}
            disabled={mode === 'edit'}
            validate={required('Choose the kind of document')}
          />
          <TextInput source="version" validate={required('Version is required')} helperText="e.g. 1.2" />
          <TextInput source="title" fullWidth validate={required('Title is required')} />
          <SelectInput source="format" choices={formatChoices} validate={required('Choose a format')} />
          <FormDataConsumer>
            {({ formData }) =>
              formData.format === 'pdf' ? (
                <FileInput source="fileId" label="PDF" purpose="content_document" />
              ) : (
                <TextInput source="body" label="Text" fullWidth multiline minRows={8} />
              )
            }
          </FormDataConsumer>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            In the member's language
          </Typography>
          <Typography variant="body2" color="text.secondary">
            A member whose language is left empty here reads the English title and text.
          </Typography>
          {DOCUMENT_LANGUAGES.map((language) => (
            <Box key={language} sx={{ width: '100%' }}>
              <TextInput
                source={`translations.${language}.title`}
                label={`Title (${LANGUAGE_NAMES[language]})`}
                fullWidth
              />
              <FormDataConsumer>
                {({ formData }) =>
                  formData.format === 'pdf' ? null : (
                    <TextInput
                      source={`translations.${language}.body`}
                      label={`Text (${LANGUAGE_NAMES[language]})`}
                      fullWidth
                      multiline
                      minRows={4}
                    />
                  )
                }
              </FormDataConsumer>
            </Box>
          ))}
        </>
      )}
      rowExtras={(r) => <DocumentActions row={r} />}
      compact={{
        primary: (r) => `${DOCUMENT_KIND_LABELS[r.kind]} ${r.version}`,
        secondary: (r) => r.title,
        tertiary: (r) =>
          r.kind === 'terms' ? `${r.status} · accepted by ${formatCount(r.acceptedCount)}` : r.status,
      }}
      columns={[
        <FunctionField<DocumentRow>
          key="k"
          label="Kind"
          sortBy="kind"
          render={(r) => DOCUMENT_KIND_LABELS[r.kind]}
        />,
        <TextField key="v" source="version" />,
        <TextField key="t" source="title" sortable={false} />,
        <TextField key="f" source="format" sortable={false} />,
        <StatusChip key="s" label="Status" />,
        <DateTimeField key="p" source="publishedAt" label="Published" sortable={false} />,
        <FunctionField<DocumentRow>
          key="a"
          label="Accepted by"
          render={(r) => (r.kind === 'terms' ? formatCount(r.acceptedCount) : '—')}
        />,
      ]}
    />
  );
}
