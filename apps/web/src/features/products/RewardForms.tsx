import { Typography } from '@mui/material';
import { Create, Edit, SimpleForm, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { REWARDS_RESOURCE, rewardPaths } from './product-paths';
import { RewardInputs } from './RewardInputs';

const useBackToList = (message: string) => {
  const navigate = useNavigate();
  const notify = useNotify();
  return () => {
    notify(message, { type: 'success' });
    navigate(rewardPaths.list);
  };
};

export function RewardCreate() {
  const onSuccess = useBackToList('Reward added');
  return (
    <>
      <Typography variant="h5" component="h1">
        New reward
      </Typography>
      <Create resource={REWARDS_RESOURCE} title={false} redirect={false} mutationOptions={{ onSuccess }}>
        <SimpleForm
          sx={{ maxWidth: 520 }}
          defaultValues={{
            active: true,
            type: 'physical',
            eligibleTypes: ['carpenter', 'contractor', 'architect', 'dealer', 'retailer'],
          }}
        >
          <RewardInputs />
        </SimpleForm>
      </Create>
    </>
  );
}

export function RewardEdit() {
  const { id } = useParams();
  const onSuccess = useBackToList('Reward saved');
  return (
    <>
      <Typography variant="h5" component="h1">
        Edit reward
      </Typography>
      <Edit
        resource={REWARDS_RESOURCE}
        id={id}
        title={false}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess }}
        transform={({ id: _i, createdAt: _c, updatedAt: _u, ...rest }) => rest}
      >
        <SimpleForm sx={{ maxWidth: 520 }}>
          <RewardInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
