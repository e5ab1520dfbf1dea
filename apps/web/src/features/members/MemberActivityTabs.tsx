import type { ScanRow } from '@app/contract/coupon-scans';
import { resourceOf } from '@app/contract/endpoint';
import {
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_PAGE,
  type FeedbackRow,
  feedbackEndpoints,
} from '@app/contract/feedback';
import { formatCount, formatDateTime } from '@app/contract/format';
import { membersEndpoints } from '@app/contract/members-endpoints';
import {
  PROJECT_TYPE_LABELS,
  PROJECTS_PAGE,
  type ProjectRow,
  projectsEndpoints,
} from '@app/contract/projects';
import { FunctionField, TextField } from 'react-admin';
import { useProfile } from '../../app/profile-context';
import { CountField, DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { StatusChip } from '../../components/StatusChip';

/** A list under the member: its own rows only, newest first, filters kept out of the URL. */
const tab = (memberId: string, what: string, resource: string) => ({
  title: false as const,
  resource,
  sort: { field: 'id', order: 'DESC' as const },
  disableSyncWithLocation: true,
  storeKey: `member-${what}-${memberId}`,
  exportPath: false as const,
});

/** The member's scans: every attempt with its result and points. */
export function MemberScansTab({ memberId }: { memberId: string }) {
  return (
    <ListPage<ScanRow>
      {...tab(memberId, 'scans', resourceOf(membersEndpoints.scans.list, { id: memberId }))}
      empty="This member has not scanned a coupon yet."
      compact={{
        primary: (r) => `${r.code} · ${r.result.replace(/_/g, ' ')}`,
        secondary: (r) => `${r.sku ?? '—'} · ${formatCount(r.points ?? 0)} points`,
        tertiary: (r) => formatDateTime(r.createdAt),
      }}
      columns={[
        <DateTimeField key="at" source="createdAt" label="Time" />,
        <TextField key="code" source="code" sortable={false} />,
        <TextField key="sku" source="sku" label="SKU" sortable={false} emptyText="—" />,
        <StatusChip key="result" source="result" label="Result" />,
        <CountField key="points" source="points" sortable={false} emptyText="—" />,
        <TextField key="state" source="state" sortable={false} emptyText="—" />,
      ]}
    />
  );
}

/** The member's projects with their state and bonus; a row opens on Project Registration. */
export function MemberProjectsTab({ memberId }: { memberId: string }) {
  const { can } = useProfile();
  return (
    <ListPage<ProjectRow>
      {...tab(memberId, 'projects', resourceOf(projectsEndpoints.ofMember.list, { id: memberId }))}
      empty="This member has not registered a project."
      rowClick={can(PROJECTS_PAGE) ? (id) => `${PROJECTS_PAGE}/${id}` : false}
      compact={{
        primary: (r) => `${r.name} · ${r.state}`,
        secondary: (r) => `${PROJECT_TYPE_LABELS[r.type]} · ${r.pincode}`,
        tertiary: (r) => formatDateTime(r.createdAt),
      }}
      columns={[
        <DateTimeField key="at" source="createdAt" label="Registered" />,
        <TextField key="name" source="name" sortable={false} />,
        <FunctionField
          key="type"
          label="Type"
          sortable={false}
          render={(r: ProjectRow) => PROJECT_TYPE_LABELS[r.type]}
        />,
        <CountField key="qty" source="expectedQuantity" label="Expected qty" sortable={false} />,
        <StatusChip key="state" source="state" label="State" />,
        <TextField key="reason" source="reason" sortable={false} emptyText="—" />,
        <CountField key="bonus" source="bonusPoints" label="Bonus" sortable={false} emptyText="—" />,
      ]}
    />
  );
}

/** The member's feedback with its state and replies; a row opens on Feedbacks Data. */
export function MemberFeedbackTab({ memberId }: { memberId: string }) {
  const { can } = useProfile();
  return (
    <ListPage<FeedbackRow>
      {...tab(memberId, 'feedback', resourceOf(feedbackEndpoints.ofMember.list, { id: memberId }))}
      empty="This member has not sent feedback."
      rowClick={can(FEEDBACK_PAGE) ? (id) => `${FEEDBACK_PAGE}/${id}` : false}
      compact={{
        primary: (r) =>
          `${FEEDBACK_CATEGORY_LABELS[r.category]} · ${r.rating}/5 · ${r.state.replace('_', ' ')}`,
        secondary: (r) => (r.message.length > 90 ? `${r.message.slice(0, 90)}…` : r.message),
        tertiary: (r) => formatDateTime(r.createdAt),
      }}
      columns={[
        <DateTimeField key="at" source="createdAt" label="Received" />,
        <FunctionField
          key="category"
          label="Category"
          sortable={false}
          render={(r: FeedbackRow) => FEEDBACK_CATEGORY_LABELS[r.category]}
        />,
        <FunctionField
          key="rating"
          label="Rating"
          sortable={false}
          render={(r: FeedbackRow) => `${r.rating}/5`}
        />,
        <FunctionField
          key="message"
          label="Message"
          sortable={false}
          render={(r: FeedbackRow) => (r.message.length > 60 ? `${r.message.slice(0, 60)}…` : r.message)}
        />,
        <StatusChip key="state" source="state" label="State" />,
        <CountField key="replies" source="replyCount" label="Replies" sortable={false} />,
      ]}
    />
  );
}
