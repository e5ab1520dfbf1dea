import { type BdeMemberRow, type BdeRow, bdesEndpoints as e } from '@app/contract/employees';
import { actionOf, type EndpointBody } from '@app/contract/endpoint';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import MoveUpIcon from '@mui/icons-material/MoveUp';
import { Checkbox, FormControlLabel, List, ListItem, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Button, useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { FormDialog } from './FormDialog';
import { BDE_MEMBERS_RESOURCE } from './field-paths';
import { useBdeChoices } from './use-field-options';

interface Props {
  bde: BdeRow;
  onDone: () => void;
}

/** Pick members (search by name, code or mobile; unassigned first) and assign them to this BDE. */
export function AssignMembersButton({ bde, onDone }: Props) {
  const { can } = useProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [unassigned, setUnassigned] = useState(true);
  const [rows, setRows] = useState<BdeMemberRow[]>([]);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (!open) return;
    const filter = JSON.stringify({ ...(q ? { q } : {}), ...(unassigned ? { unassigned: true } : {}) });
    const controller = new AbortController();
    call(e.members.list, {
      query: { filter, perPage: 20, sort: 'name', order: 'ASC' },
      signal: controller.signal,
    })
      .then((r) => setRows(r.rows))
      .catch(() => undefined);
    return () => controller.abort();
  }, [open, q, unassigned]);
  if (!can(actionOf(e.assign))) return null;
  const toggle = (id: number) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      <Button label="Assign members" onClick={() => setOpen(true)}>
        <GroupAddIcon />
      </Button>
      {open && (
        <FormDialog
          title={`Assign members to ${bde.name}`}
          verb={`Assign ${picked.size || ''} ${picked.size === 1 ? 'member' : 'members'}`}
          onClose={() => {
            setOpen(false);
            setPicked(new Set());
          }}
          onSubmit={async () => {
            const result = await call(e.assign, { params: { id: bde.id }, body: { memberIds: [...picked] } });
            notify(`${result.moved} members assigned to ${bde.name}`, { type: 'success' });
            refresh();
            onDone();
          }}
        >
          <TextField label="Search members" value={q} onChange={(e) => setQ(e.target.value)} />
          <FormControlLabel
            control={<Checkbox checked={unassigned} onChange={(e) => setUnassigned(e.target.checked)} />}
            label="Only members without a BDE"
          />
          <List dense sx={{ maxHeight: 320, overflow: 'auto' }} aria-label="Members to assign">
            {rows.map((m) => (
              <ListItem key={m.id} disablePadding>
                <FormControlLabel
                  sx={{ ml: 0 }}
                  control={<Checkbox checked={picked.has(m.id)} onChange={() => toggle(m.id)} />}
                  label={`${m.code} · ${m.name} · ${m.district}, ${m.state}${m.bdeName ? ` (now: ${m.bdeName})` : ''}`}
                />
              </ListItem>
            ))}
            {rows.length === 0 && <Typography variant="body2">No members match.</Typography>}
          </List>
        </FormDialog>
      )}
    </>
  );
}

/** Move this BDE's selected members (or all of them) to another BDE. */
export function MoveMembersButton({ bde, onDone, selected }: Props & { selected?: boolean }) {
  const { can } = useProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(BDE_MEMBERS_RESOURCE, `bde-members-${bde.id}`);
  const list = useListContext();
  const ids = selected ? (list.selectedIds as number[]) : undefined;
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState<number | ''>('');
  const others = useBdeChoices().filter((b) => b.id !== bde.id && b.active);
  if (!can(actionOf(e.move))) return null;
  if (!selected && bde.assignedMembers === 0) return null;
  const count = ids ? ids.length : bde.assignedMembers;
  return (
    <>
      <Button
        label={selected ? 'Move to another BDE' : 'Move all to another BDE'}
        onClick={() => setOpen(true)}
      >
        <MoveUpIcon />
      </Button>
      {open && (
        <FormDialog
          title={`Move ${count} ${count === 1 ? 'member' : 'members'} of ${bde.name}`}
          verb="Move"
          onClose={() => setOpen(false)}
          onSubmit={async () => {
            const result = await call(e.move, {
              params: { id: bde.id },
              body: {
                toBdeId: to === '' ? undefined : to,
                ...(ids ? { memberIds: ids } : {}),
              } as EndpointBody<typeof e.move>,
            });
            notify(`${result.moved} members moved`, { type: 'success' });
            unselectAll();
            refresh();
            onDone();
          }}
        >
          <TextField select label="To BDE" value={to} onChange={(e) => setTo(Number(e.target.value))}>
            {others.map((b) => (
              <MenuItem key={b.id} value={b.id}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
        </FormDialog>
      )}
    </>
  );
}
