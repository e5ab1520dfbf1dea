import { formatDateTime } from '@app/contract/format';
import { membersEndpoints } from '@app/contract/members-endpoints';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEndpoint } from '../../components/use-api-get';

/** The member's KYC submissions, newest first, every number masked. */
export function MemberKycTab({ memberId }: { memberId: string }) {
  const { data, error } = useEndpoint(membersEndpoints.kyc, { params: { id: memberId } });
  if (error) return <Typography color="error">{error}</Typography>;
  if (data && data.length === 0) return <Typography sx={{ p: 2 }}>No KYC submitted yet.</Typography>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {[
            'Submitted',
            'Status',
            'Aadhaar',
            'PAN',
            'Bank',
            'Account',
            'IFSC',
            'UPI',
            'Decided',
            'Reason',
          ].map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {(data ?? []).map((k) => (
          <TableRow key={k.id}>
            <TableCell>{formatDateTime(k.submittedAt)}</TableCell>
            <TableCell>{k.status}</TableCell>
            <TableCell>{k.aadhaar}</TableCell>
            <TableCell>{k.pan}</TableCell>
            <TableCell>{k.bankName}</TableCell>
            <TableCell>{k.accountNumber}</TableCell>
            <TableCell>{k.ifsc}</TableCell>
            <TableCell>{k.upiId ?? '—'}</TableCell>
            <TableCell>{formatDateTime(k.decidedAt) || '—'}</TableCell>
            <TableCell>{[k.reason, k.comment].filter(Boolean).join(': ') || '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
