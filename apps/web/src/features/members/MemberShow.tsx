import { membersEndpoints } from '@app/contract/members-endpoints';
import { Typography } from '@mui/material';
import { Show, TabbedShowLayout, TextField, useRecordContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { AuditHistory } from '../../components/audit/AuditHistory';
import { CountField, DateTimeField, DayField } from '../../components/fields';
import { useEndpoint } from '../../components/use-api-get';
import { AdjustmentsList } from './AdjustmentsList';
import { MemberActions } from './MemberActions';
import { MemberFeedbackTab, MemberProjectsTab, MemberScansTab } from './MemberActivityTabs';
import { MemberDealerTab } from './MemberDealerTab';
import { MemberGamePlaysTab } from './MemberGamePlaysTab';
import { MemberKycTab } from './MemberKycTab';
import { MemberLedgerTab } from './MemberLedgerTab';
import { MemberRedemptionsTab } from './MemberRedemptionsTab';
import { MemberTierTab } from './MemberTierTab';
import { MEMBERS_RESOURCE } from './member-paths';

/** One member: profile, KYC, ledger, adjustments and history tabs, with block/unblock and adjust. */
export function MemberShow() {
  const { id = '' } = useParams();
  const history = useEndpoint(membersEndpoints.history, { params: { id } });
  return (
    <Show resource={MEMBERS_RESOURCE} id={id} title={false} actions={<MemberActions />}>
      <Heading />
      <TabbedShowLayout syncWithLocation={false}>
        <TabbedShowLayout.Tab label="Profile">
          <TextField source="code" />
          <TextField source="mobile" />
          <TextField source="type" />
          <DayField source="dateOfBirth" label="Date of birth" />
          <TextField source="addressLine" label="Address" />
          <TextField source="city" />
          <TextField source="district" />
          <TextField source="state" />
          <TextField source="pincode" />
          <TextField source="dealerName" label="Dealer" emptyText="—" />
          <TextField source="referralCode" label="Own referral code" />
          <TextField source="referredByName" label="Referred by" emptyText="—" />
          <TextField source="bdeName" label="Assigned BDE" emptyText="—" />
          <TextField source="status" />
          <TextField source="statusReason" label="Status reason" emptyText="—" />
          <TextField source="kycStatus" label="KYC status" />
          <CountField source="balance" />
          <TextField source="tier" emptyText="—" />
          <CountField source="heldPoints" label="Held for review" />
          <TextField source="termsVersion" label="Terms accepted" emptyText="—" />
          <DateTimeField source="createdAt" label="Registered" />
          <DateTimeField source="approvedAt" label="Approved" emptyText="—" />
          <DateTimeField
            source="scansLockedUntil"
            label="Scanning locked until (too many invalid codes)"
            emptyText="—"
          />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Dealer">
          <MemberDealerTab memberId={id} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Tier">
          <MemberTierTab memberId={id} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="KYC">
          <MemberKycTab memberId={id} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Ledger">
          <MemberLedgerTab memberId={id} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Redemptions">
          <MemberRedemptionsTab memberId={id} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Adjustments">
          <AdjustmentsList memberId={Number(id)} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Scans">
          <MemberScansTab memberId={id} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Projects">
          <MemberProjectsTab memberId={id} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Feedback">
          <MemberFeedbackTab memberId={id} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Game plays">
          <MemberGamePlaysTab memberId={id} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="History">
          <AuditHistory entity="member" entityId={id} recent={history.data} />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

function Heading() {
  const record = useRecordContext();
  return (
    <Typography variant="h5" component="h1" sx={{ px: 2, pt: 2 }}>
      {record ? `${record.name} (${record.code})` : 'Member'}
    </Typography>
  );
}
