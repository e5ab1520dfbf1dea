import { CONTENT_PAGES } from '@app/contract/content';
import { BANNER_ENTITY, type BannerRow, contentEndpoints } from '@app/contract/content-media';
import { endpointPath } from '@app/contract/endpoint';
import { formatDay } from '@app/contract/format';
import { INDIAN_STATES, MEMBER_TYPES } from '@app/contract/members';
import {
  AutocompleteArrayInput,
  BooleanField,
  FunctionField,
  NumberInput,
  required,
  SelectArrayInput,
  TextField,
  TextInput,
} from 'react-admin';
import { AuthImage } from '../../components/AuthImage';
import { DayInput } from '../../components/DayInput';
import { DayField } from '../../components/fields';
import { FileInput } from './FileInput';
import { activeFilter, pick, RecordPage, searchFilter } from './RecordPage';

const image = (id: number) => endpointPath(contentEndpoints.banners.image.thumbnail, { id });
const audienceOf = (r: BannerRow) =>
  [
    r.memberTypes.length ? r.memberTypes.join(', ') : 'all types',
    r.states.length ? r.states.join(', ') : 'all states',
  ].join(' · ');

/** Banners of the app's home screen: image, link, audience, IST days, order. */
export default function BannerPage() {
  return (
    <RecordPage<BannerRow>
      page={CONTENT_PAGES.banner}
      endpoints={contentEndpoints.banners}
      entity={BANNER_ENTITY}
      noun="banner"
      empty="No banners yet. Add one for all members or for some member types or states."
      filters={[searchFilter('Title'), activeFilter]}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      defaults={{ sortOrder: 0, memberTypes: [], states: [] }}
      transform={pick(
        'title',
        'imageFileId',
        'linkUrl',
        'memberTypes',
        'states',
        'startsOn',
        'endsOn',
        'sortOrder',
      )}
      inputs={() => (
        <>
          <TextInput source="title" fullWidth validate={required('Title is required')} />
          <FileInput source="imageFileId" label="Image" current={(r) => image(Number(r.id))} />
          <TextInput source="linkUrl" label="Link target" fullWidth helperText="Optional; https://…" />
          <SelectArrayInput
            source="memberTypes"
            label="Member types (none: all)"
            choices={MEMBER_TYPES.map((t) => ({ id: t, name: t }))}
          />
          <AutocompleteArrayInput
            source="states"
            label="States (none: all)"
            choices={INDIAN_STATES.map((s) => ({ id: s, name: s }))}
          />
          <DayInput source="startsOn" label="Starts on" validate={required('Enter a date')} />
          <DayInput source="endsOn" label="Ends on" validate={required('Enter a date')} />
          <NumberInput source="sortOrder" label="Order" helperText="Smaller first" />
        </>
      )}
      compact={{
        primary: (r) => r.title,
        secondary: (r) => `${formatDay(r.startsOn)} – ${formatDay(r.endsOn)} · ${audienceOf(r)}`,
        tertiary: (r) => (r.active ? 'Active' : 'Archived'),
      }}
      columns={[
        <FunctionField<BannerRow>
          key="i"
          label="Image"
          render={(r) => <AuthImage path={image(r.id)} alt={r.title} size={48} />}
        />,
        <TextField key="t" source="title" sortable={false} />,
        <FunctionField<BannerRow> key="aud" label="Audience" render={audienceOf} />,
        <DayField key="s" source="startsOn" label="Starts" />,
        <DayField key="e" source="endsOn" label="Ends" />,
        <TextField key="o" source="sortOrder" label="Order" />,
        <BooleanField key="a" source="active" sortable={false} />,
      ]}
    />
  );
}
