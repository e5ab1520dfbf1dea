import { CONTENT_PAGES } from '@app/contract/content';
import {
  type AttendeeRow,
  contentEndpoints,
  EVENT_ENTITY,
  EVENT_TYPES,
  type EventRow,
  MAX_EVENT_IMAGES,
} from '@app/contract/content-media';
import { endpointPath, resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import PeopleIcon from '@mui/icons-material/People';
import { Stack } from '@mui/material';
import {
  BooleanField,
  Button,
  FunctionField,
  NumberInput,
  required,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { Link, Route, useParams } from 'react-router-dom';
import { AuthImage } from '../../components/AuthImage';
import { DateTimeInput } from '../../components/DateTimePicker';
import { DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { ImagesInput } from './ImagesInput';
import { activeFilter, pick, RecordPage, searchFilter } from './RecordPage';

const typeChoices = EVENT_TYPES.map((t) => ({ id: t, name: t.replace('_', ' ') }));
const toIso = (v: unknown) => (v ? new Date(String(v)).toISOString() : v);
/** An event's image thumbnail, served by the event's own route. */
const thumbnail = (eventId: number | string, fileId: number) =>
  endpointPath(contentEndpoints.events.image.thumbnail, { id: eventId, fileId });
/** How many thumbnails a list row shows. */
const ROW_THUMBNAILS = 3;

function Attendees() {
  const { id = '' } = useParams();
  return (
    <ListPage<AttendeeRow>
      title="Event attendees"
      resource={resourceOf(contentEndpoints.events.attendees.list, { id })}
      exportName="event-attendees"
      storeKey="event-attendees"
      empty="No member has registered for this event yet."
      filters={[
        searchFilter('Name, code or mobile'),
        <SelectInput
          key="status"
          source="status"
          choices={[
            { id: 'registered', name: 'Registered' },
            { id: 'cancelled', name: 'Cancelled' },
          ]}
        />,
      ]}
      actions={<Button label="All events" component={Link} to={CONTENT_PAGES.event} />}
      compact={{
        primary: (r) => `${r.memberCode} · ${r.memberName}`,
        secondary: (r) => `${r.memberType} · ${r.state}`,
        tertiary: (r) => `${r.status} · ${formatDateTime(r.registeredAt)}`,
      }}
      columns={[
        <TextField key="c" source="memberCode" label="Member" sortable={false} />,
        <TextField key="n" source="memberName" label="Name" sortable={false} />,
        <TextField key="m" source="mobile" sortable={false} />,
        <TextField key="t" source="memberType" label="Type" sortable={false} />,
        <TextField key="s" source="state" sortable={false} />,
        <TextField key="st" source="status" sortable={false} />,
        <DateTimeField key="r" source="registeredAt" label="Registered" />,
      ]}
    />
  );
}

/** The form's photos; on an edit, the stored ones show through the event's route. */
function EventImagesInput() {
  const { id } = useParams();
  return (
    <ImagesInput
      source="imageFileIds"
      label="Images"
      max={MAX_EVENT_IMAGES}
      thumbnail={(fileId) => (id ? thumbnail(id, fileId) : null)}
    />
  );
}

/** The first images of an event, small, in its list row. */
function EventThumbnails({ event }: { event: EventRow }) {
  if (event.imageFileIds.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} data-testid="event-thumbnails">
      {event.imageFileIds.slice(0, ROW_THUMBNAILS).map((fileId, i) => (
        <AuthImage
          key={fileId}
          path={thumbnail(event.id, fileId)}
          alt={`${event.title}, image ${i + 1}`}
          size={40}
        />
      ))}
    </Stack>
  );
}

/** Events: members register in the app; attendees listed and exported per event. */
export default function EventPage() {
  return (
    <RecordPage<EventRow>
      page={CONTENT_PAGES.event}
      endpoints={contentEndpoints.events}
      entity={EVENT_ENTITY}
      noun="event"
      empty="No events yet. Add a meet, a training or an exhibition members can register for."
      filters={[
        searchFilter('Title or venue'),
        <SelectInput key="type" source="type" choices={typeChoices} />,
        activeFilter,
      ]}
      sort={{ field: 'startsAt', order: 'DESC' }}
      defaults={{ sortOrder: 0, capacity: 100, type: 'meet' }}
      transform={(data) => {
        const body = pick(
          'title',
          'type',
          'description',
          'venue',
          'startsAt',
          'endsAt',
          'capacity',
          'imageFileIds',
          'sortOrder',
        )(data);
        return {
          ...body,
          // An empty description is '' to the API (pick sends null for an emptied field).
          description: body.description ?? '',
          startsAt: toIso(body.startsAt),
          endsAt: toIso(body.endsAt),
        };
      }}
      inputs={() => (
        <>
          <TextInput source="title" fullWidth validate={required('Title is required')} />
          <EventImagesInput />
          <SelectInput source="type" choices={typeChoices} validate={required('Choose the type of event')} />
          <TextInput source="venue" fullWidth validate={required('Venue is required')} />
          <TextInput source="description" fullWidth multiline minRows={2} />
          <DateTimeInput source="startsAt" label="Starts" validate={required('Enter the start')} />
          <DateTimeInput source="endsAt" label="Ends" validate={required('Enter the end')} />
          <NumberInput source="capacity" validate={required('Capacity is required')} />
          <NumberInput source="sortOrder" label="Order" />
        </>
      )}
      rowExtras={(r) => (
        <Button label="Attendees" component={Link} to={`${CONTENT_PAGES.event}/${r.id}/attendees`}>
          <PeopleIcon />
        </Button>
      )}
      routes={<Route path=":id/attendees" element={<Attendees />} />}
      compact={{
        primary: (r) => r.title,
        secondary: (r) => `${formatDateTime(r.startsAt)} · ${r.venue}`,
        tertiary: (r) => `${formatCount(r.registered)} of ${formatCount(r.capacity)} registered`,
      }}
      columns={[
        <FunctionField<EventRow> key="i" label="Images" render={(r) => <EventThumbnails event={r} />} />,
        <TextField key="t" source="title" />,
        <TextField key="ty" source="type" sortable={false} />,
        <DateTimeField key="s" source="startsAt" label="Starts" />,
        <TextField key="v" source="venue" sortable={false} />,
        <FunctionField<EventRow>
          key="r"
          label="Registered"
          render={(r) => `${formatCount(r.registered)} / ${formatCount(r.capacity)}`}
        />,
        <BooleanField key="a" source="active" sortable={false} />,
      ]}
    />
  );
}
