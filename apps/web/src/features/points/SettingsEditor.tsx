import type { Endpoint } from '@app/contract/endpoint';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError, type CallArgs, call } from '../../app/api';
import { DayPicker } from '../../components/DayPicker';
import { ledgerColumns, ledgerCompact } from '../../components/ledger-columns';
import { ListPage } from '../../components/list/ListPage';

/**
 * Saving a points setting: POSTs the body to the setting's contract endpoint, shows the server's
 * field errors under their inputs and anything else as a notification, and calls `onSaved` on success.
 */
export function useSettingsSave<E extends Endpoint & { readonly method: 'POST' }>(
  declaration: E,
  savedMessage: string,
  onSaved: () => void,
) {
  const notify = useNotify();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async (body: object) => {
    try {
      setErrors({});
      // The form's values as typed; the server's schema checks them and answers field errors.
      await call(declaration, ...([{ body }] as unknown as CallArgs<E>));
      notify(savedMessage, { type: 'success' });
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  return { errors, save };
}

interface EditorProps {
  /** The setting's own inputs; "Effective from" and Save follow them. */
  children: ReactNode;
  effectiveFrom: string;
  onEffectiveFrom: (value: string) => void;
  error?: string;
  onSave: () => void;
}

/** The form row of a points setting: its inputs, the date it takes effect, Save. */
export function SettingsEditor({ children, effectiveFrom, onEffectiveFrom, error, onSave }: EditorProps) {
  return (
    <Paper sx={{ p: 2, my: 1 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {children}
        <DayPicker
          label="Effective from"
          value={effectiveFrom}
          onChange={onEffectiveFrom}
          error={Boolean(error)}
          helperText={error}
        />
        <Button variant="contained" onClick={onSave}>
          Save
        </Button>
      </Stack>
    </Paper>
  );
}

/** The ledger credits a setting produced, newest first. */
export function CreditsList({ title, resource }: { title: string; resource: string }) {
  return (
    <>
      <Typography variant="h6" sx={{ mt: 3 }}>
        {title}
      </Typography>
      <ListPage
        title={false}
        resource={resource}
        sort={{ field: 'id', order: 'DESC' }}
        disableSyncWithLocation
        storeKey={resource}
        empty="No credits yet."
        columns={ledgerColumns()}
        compact={ledgerCompact}
      />
    </>
  );
}
