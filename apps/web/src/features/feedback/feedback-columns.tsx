import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_STATE_LABELS,
  FEEDBACK_STATES,
  type FeedbackRow,
} from '@app/contract/feedback';
import { formatDateTime } from '@app/contract/format';
import { FunctionField, SearchInput, SelectInput, TextField } from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { CountField, DateTimeField } from '../../components/fields';
import { StatusChip } from '../../components/StatusChip';

export const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

export const feedbackFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Member name, mobile or code" />,
  <SelectInput
    key="state"
    source="state"
    alwaysOn
    choices={FEEDBACK_STATES.map((id) => ({ id, name: FEEDBACK_STATE_LABELS[id] }))}
  />,
  <SelectInput
    key="category"
    source="category"
    choices={FEEDBACK_CATEGORIES.map((id) => ({ id, name: FEEDBACK_CATEGORY_LABELS[id] }))}
  />,
  <SelectInput
    key="rating"
    source="rating"
    choices={[5, 4, 3, 2, 1].map((n) => ({ id: n, name: `${n} ${stars(n)}` }))}
  />,
  <DayInput key="from" source="from" label="Received from" />,
  <DayInput key="to" source="to" label="Received to" />,
];

export const feedbackCompact = {
  primary: (r: FeedbackRow) =>
    `${FEEDBACK_CATEGORY_LABELS[r.category]} · ${stars(r.rating)} · ${FEEDBACK_STATE_LABELS[r.state]}`,
  secondary: (r: FeedbackRow) => (r.message.length > 90 ? `${r.message.slice(0, 90)}…` : r.message),
  tertiary: (r: FeedbackRow) => `${r.memberName} (${r.memberCode}) · ${formatDateTime(r.createdAt)}`,
};

export const feedbackColumns = [
  <TextField key="id" source="id" label="Feedback" />,
  <DateTimeField key="createdAt" source="createdAt" label="Received" />,
  <FunctionField
    key="member"
    label="Member"
    render={(r: FeedbackRow) => `${r.memberName} (${r.memberCode})`}
    sortable={false}
  />,
  <FunctionField
    key="category"
    label="Category"
    render={(r: FeedbackRow) => FEEDBACK_CATEGORY_LABELS[r.category]}
    sortable={false}
  />,
  <FunctionField key="rating" label="Rating" render={(r: FeedbackRow) => stars(r.rating)} sortable={false} />,
  <FunctionField
    key="message"
    label="Message"
    sortable={false}
    render={(r: FeedbackRow) => (r.message.length > 70 ? `${r.message.slice(0, 70)}…` : r.message)}
  />,
  <StatusChip key="state" source="state" label="State" />,
  <CountField key="replies" source="replyCount" label="Replies" sortable={false} />,
  <DateTimeField key="updatedAt" source="updatedAt" label="Last change" />,
];
