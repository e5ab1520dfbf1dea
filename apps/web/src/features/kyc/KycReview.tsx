import { formatDateTime } from '@app/contract/format';
import { KYC_DUPLICATE_LABELS } from '@app/contract/fraud-rules';
import { kycEndpoints } from '@app/contract/kyc';
import ListIcon from '@mui/icons-material/List';
import { Alert, Box, Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Button } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { LoadError } from '../../components/list/ListStates';
import { useEndpoint } from '../../components/use-api-get';
import { AccountCheck } from './AccountCheck';
import { KycDecision } from './KycDecision';
import { KycImage } from './KycImage';
import { kycPaths } from './kyc-paths';
import { RevealButton } from './RevealButton';

const DOCUMENT_LABELS: Record<string, string> = {
  aadhaarFront: 'Aadhaar (front, masked)',
  aadhaarBack: 'Aadhaar (back, masked)',
  pan: 'PAN card',
  cheque: 'Cancelled cheque',
};

/** One submission: member, masked numbers (reveal is audited), document images, claim and decision. */
export function KycReview() {
  const { id = '' } = useParams();
  const { data: k, error, reload } = useEndpoint(kycEndpoints.one, { params: { id: id! } });
  if (error) return <LoadError subject="This KYC submission" error={new Error(error)} onRetry={reload} />;
  if (!k) return null;
  const rows: [string, ReactNode][] = [
    ['Member', `${k.memberName} (${k.memberCode}), ${k.memberType}, ${k.state}`],
    ['Mobile', k.memberMobile],
    ['Submitted', formatDateTime(k.submittedAt)],
    ['Aadhaar', k.aadhaar],
    ['PAN', <RevealButton key="pan" submissionId={k.id} field="pan" masked={k.pan} />],
    ['Account holder', k.accountHolder],
    [
      'Account number',
      <RevealButton key="acc" submissionId={k.id} field="accountNumber" masked={k.accountNumber} />,
    ],
    ['IFSC / bank', `${k.ifsc}, ${k.bankName}`],
    ['Bank verification', <AccountCheck key="bank" kind="bank" submissionId={k.id} />],
    ['UPI id', k.upiId ?? '—'],
    ...(k.upiId
      ? [
          ['UPI verification', <AccountCheck key="upi" kind="upi" submissionId={k.id} />] as [
            string,
            ReactNode,
          ],
        ]
      : []),
    ['Status', k.status],
  ];
  return (
    <Paper sx={{ p: 2, mt: 1 }}>
      <Button label="Back to the queue" component={Link} to={kycPaths.queue}>
        <ListIcon />
      </Button>
      {k.duplicates.map((d) => (
        <Alert
          key={`${d.field}-${d.memberId}`}
          severity={d.action === 'flag' ? 'warning' : 'error'}
          sx={{ my: 1 }}
        >
          The same {KYC_DUPLICATE_LABELS[d.field]} is on {d.memberName ?? 'another member'} (
          {d.memberCode ?? `#${d.memberId}`}), whose KYC is approved.
          {d.action === 'flag' ? ' Check before approving.' : ' The fraud rules refuse approval.'}
        </Alert>
      ))}
      <Table size="small" sx={{ maxWidth: 720, my: 1 }}>
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" sx={{ fontWeight: 600, width: 180 }}>
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', my: 2 }}>
        {k.documents.map((doc) => (
          <KycImage key={doc} submissionId={k.id} doc={doc} label={DOCUMENT_LABELS[doc] ?? doc} />
        ))}
      </Stack>
      <Box>
        {k.status === 'submitted' ? (
          <KycDecision submission={k} onChange={reload} />
        ) : (
          <Typography>
            {k.status === 'approved' ? 'Approved' : `Rejected: ${k.reason ?? ''}`} by {k.decidedByName} on{' '}
            {formatDateTime(k.decidedAt)}
            {k.comment ? ` — ${k.comment}` : ''}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
