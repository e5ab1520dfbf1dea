import { CONTENT_PAGES, SOCIAL_ENTITY, type SocialRow } from '@app/contract/content';
import { contentEndpoints } from '@app/contract/content-media';
import { Tab, Tabs } from '@mui/material';
import { BooleanField, NumberInput, required, TextField, TextInput } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { DateTimeField } from '../../components/fields';
import { IntegrationsTab } from './IntegrationsTab';
import { activeFilter, pick, RecordPage, searchFilter } from './RecordPage';

/**
 * Main Settings' first page: Social Connect, and the Integrations tab (service accounts and API keys).
 * The tab is a query parameter, so the page's route stays the menu's.
 */
export default function SocialPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'integrations' ? 'integrations' : 'social';
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_, next: string) => setParams(next === 'social' ? {} : { tab: next })}
        sx={{ mb: 1 }}
        aria-label="Main Settings"
      >
        <Tab value="social" label="Social links" />
        <Tab value="integrations" label="Integrations" />
      </Tabs>
      {tab === 'integrations' ? <IntegrationsTab /> : <SocialLinks />}
    </>
  );
}

/** The programme's links on social platforms, in the app's order. */
function SocialLinks() {
  return (
    <RecordPage<SocialRow>
      page={CONTENT_PAGES.social}
      endpoints={contentEndpoints.social}
      entity={SOCIAL_ENTITY}
      noun="social link"
      empty="No social links yet. Add the programme's pages on Facebook, Instagram or YouTube."
      filters={[searchFilter('Platform or URL'), activeFilter]}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      defaults={{ sortOrder: 0 }}
      transform={pick('platform', 'url', 'sortOrder')}
      inputs={() => (
        <>
          <TextInput
            source="platform"
            validate={required('Platform is required')}
            helperText="e.g. Instagram"
          />
          <TextInput
            source="url"
            label="URL"
            fullWidth
            validate={required('URL is required')}
            helperText="https://…"
          />
          <NumberInput source="sortOrder" label="Order" helperText="Smaller first" />
        </>
      )}
      compact={{
        primary: (r) => r.platform,
        secondary: (r) => r.url,
        tertiary: (r) => `Order ${r.sortOrder} · ${r.active ? 'Active' : 'Archived'}`,
      }}
      columns={[
        <TextField key="p" source="platform" />,
        <TextField key="u" source="url" label="URL" sortable={false} />,
        <TextField key="o" source="sortOrder" label="Order" />,
        <BooleanField key="a" source="active" sortable={false} />,
        <DateTimeField key="c" source="createdAt" label="Created" sortable={false} />,
      ]}
    />
  );
}
