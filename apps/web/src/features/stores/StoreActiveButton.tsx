import { actionOf } from '@app/contract/endpoint';
import { type StoreRow, storesEndpoints } from '@app/contract/stores';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, useRecordContext } from 'react-admin';
import { call } from '../../app/api';
import { useRowAction } from '../../components/use-row-action';

/** Deactivate (hidden from the app's nearest stores) or restore a store, after a confirmation. */
export function StoreActiveButton({ record: given }: { record?: StoreRow }) {
  const context = useRecordContext<StoreRow>();
  const record = given ?? context;
  const deactivating = Boolean(record?.active);
  const toggle = useRowAction({
    action: actionOf(storesEndpoints.archive),
    title: deactivating ? `Deactivate ${record?.name}?` : `Restore ${record?.name}?`,
    text: deactivating
      ? 'Members no longer find it among the nearest stores in the app. It stays in the list as inactive.'
      : 'Members find it among the nearest stores in the app again.',
    verb: deactivating ? 'Deactivate' : 'Restore',
    destructive: deactivating,
    run: () =>
      call(deactivating ? storesEndpoints.archive : storesEndpoints.restore, { params: { id: record!.id } }),
    done: () => (deactivating ? `${record?.name} is deactivated` : `${record?.name} is active again`),
  });
  if (!record || !toggle.allowed) return null;
  return (
    <>
      <Button
        label={deactivating ? 'Deactivate' : 'Restore'}
        onClick={(e) => {
          e.stopPropagation();
          toggle.open();
        }}
        color={deactivating ? 'error' : 'primary'}
      >
        {deactivating ? <BlockIcon /> : <CheckCircleIcon />}
      </Button>
      {toggle.dialog}
    </>
  );
}
