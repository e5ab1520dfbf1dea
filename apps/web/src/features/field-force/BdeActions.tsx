import { type BdeRow, bdesEndpoints as e } from '@app/contract/employees';
import { actionOf, type EndpointBody } from '@app/contract/endpoint';
import { INDIAN_STATES } from '@app/contract/members';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import PhonelinkOffIcon from '@mui/icons-material/PhonelinkOff';
import PhonelinkIcon from '@mui/icons-material/PhonelinkRing';
import { Autocomplete, Button, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { useRowAction } from '../../components/use-row-action';
import { FormDialog } from './FormDialog';
import { splitList } from './territory';

interface Props {
  bde: BdeRow;
  onDone: () => void;
}

/** Edit the territory (states, districts, pincodes) and the monthly target. */
export function BdeTerritoryButton({ bde, onDone }: Props) {
  const { can } = useProfile();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [states, setStates] = useState<string[]>(bde.states);
  const [districts, setDistricts] = useState(bde.districts.join(', '));
  const [pincodes, setPincodes] = useState(bde.pincodes.join(', '));
  const [target, setTarget] = useState(String(bde.monthlyTarget));
  if (!can(actionOf(e.update))) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setOpen(true)}>
        Territory and target
      </Button>
      {open && (
        <FormDialog
          title={`Territory and target of ${bde.name}`}
          verb="Save"
          onClose={() => setOpen(false)}
          onSubmit={async () => {
            await call(e.update, {
              params: { id: bde.id },
              body: {
                territory: { states, districts: splitList(districts), pincodes: splitList(pincodes) },
                monthlyTarget: Number(target),
              } as EndpointBody<typeof e.update>,
            });
            notify('Territory and target saved', { type: 'success' });
            onDone();
          }}
        >
          <Autocomplete
            multiple
            options={[...INDIAN_STATES]}
            value={states}
            onChange={(_e, v) => setStates(v)}
            renderInput={(p) => <TextField {...p} label="States" />}
          />
          <TextField
            label="Districts"
            value={districts}
            onChange={(e) => setDistricts(e.target.value)}
            helperText="Separated by commas"
          />
          <TextField
            label="Pincodes"
            value={pincodes}
            onChange={(e) => setPincodes(e.target.value)}
            helperText="6-digit pincodes separated by commas"
          />
          <TextField
            label="Monthly onboarding target"
            type="number"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
          />
        </FormDialog>
      )}
    </>
  );
}

/** Set or reset the field-app password (the BDE is signed out of the field app). */
export function BdePasswordButton({ bde, onDone }: Props) {
  const { can } = useProfile();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  if (!can(actionOf(e.password))) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setOpen(true)}>
        Set password
      </Button>
      {open && (
        <FormDialog
          title={`Field-app password of ${bde.name}`}
          verb="Set password"
          onClose={() => {
            setOpen(false);
            setPassword('');
          }}
          onSubmit={async () => {
            await call(e.password, { params: { id: bde.id }, body: { password } });
            notify('Password set: the BDE signs in again with it', { type: 'success' });
            onDone();
          }}
        >
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            helperText="At least 6 characters. The BDE's open field-app sessions end."
          />
        </FormDialog>
      )}
    </>
  );
}

/** Turn field-app access off (signs the BDE out) or on again. */
export function BdeFieldAccessButton({ bde, onDone }: Props) {
  const turningOff = bde.active;
  const toggle = useRowAction({
    action: actionOf(e.update),
    title: turningOff
      ? `Turn off field-app access of ${bde.name}?`
      : `Turn on field-app access of ${bde.name}?`,
    text: turningOff
      ? 'They are signed out of the field app at once and cannot sign in until it is turned on again.'
      : 'They can sign in to the field app again with their password.',
    verb: turningOff ? 'Turn off' : 'Turn on',
    destructive: turningOff,
    run: async () => {
      await call(e.update, { params: { id: bde.id }, body: { active: !turningOff } });
      onDone();
    },
    done: () => (turningOff ? 'Field-app access turned off' : 'Field-app access turned on'),
  });
  if (!toggle.allowed) return null;
  return (
    <>
      <Button
        variant="outlined"
        color={turningOff ? 'error' : 'primary'}
        startIcon={turningOff ? <PhonelinkOffIcon /> : <PhonelinkIcon />}
        onClick={toggle.open}
      >
        {turningOff ? 'Turn off field app' : 'Turn on field app'}
      </Button>
      {toggle.dialog}
    </>
  );
}
