import { CONTENT_PAGES, SOCIAL_ENTITY, type SocialRow } from '@app/contract/content';
import { contentEndpoints } from '@app/contract/content-media';
import { BooleanField, NumberInput, required, TextField, TextInput } from 'react-admin';
import { DateTimeField } from '../../components/fields';
import { activeFilter, pick, RecordPage, searchFilter } from './RecordPage';

/**
 * Social Connect: the programme's links on social platforms, in the app's order; the first tab of
 * Main Settings (app/main-settings-page.tsx, which shows the heading and the other tabs).
 */
export function SocialLinks() {
  return (
    <RecordPage<SocialRow>
      page={CONTENT_PAGES.social}
      title={false}
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
