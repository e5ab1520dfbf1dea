import { Typography } from '@mui/material';
import { Route, Routes } from 'react-router-dom';
import { KycQueue } from './KycQueue';
import { KycReview } from './KycReview';

/** KYC Verification: the oldest-first queue; a submission opens for claim and decision. */
export default function KycVerificationPage() {
  return (
    <>
      <Typography variant="h5" component="h1">
        KYC Verification
      </Typography>
      <Routes>
        <Route index element={<KycQueue />} />
        <Route path=":id" element={<KycReview />} />
      </Routes>
    </>
  );
}
