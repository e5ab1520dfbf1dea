import { INDIAN_STATES, MEMBER_KYC_STATUSES, MEMBER_STATUSES, MEMBER_TYPES } from '@app/contract/members';
import {
  AutocompleteInput,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { MEMBERS_RESOURCE } from './member-paths';

const choices = (values: readonly string[]) =>
  values.map((v) => ({ id: v, name: v.charAt(0).toUpperCase() + v.slice(1) }));

/** The member list filters of PRODUCT.md §3.5 (kept in the URL by react-admin). */
export function memberFilters({ withStatus }: { withStatus: boolean }) {
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder="Name, mobile or code" />,
    ...(withStatus ? [<SelectInput key="status" source="status" choices={choices(MEMBER_STATUSES)} />] : []),
    <SelectInput key="type" source="type" choices={choices(MEMBER_TYPES)} />,
    <SelectInput key="state" source="state" choices={INDIAN_STATES.map((s) => ({ id: s, name: s }))} />,
    <TextInput key="district" source="district" />,
    <ReferenceInput key="dealerId" source="dealerId" reference={MEMBERS_RESOURCE} filter={{ type: 'dealer' }}>
      <AutocompleteInput label="Dealer" optionText="name" filterToQuery={(q) => ({ q })} />
    </ReferenceInput>,
    <NumberInput key="bdeId" source="bdeId" label="BDE id" />,
    <SelectInput
      key="kycStatus"
      source="kycStatus"
      label="KYC status"
      choices={choices(MEMBER_KYC_STATUSES)}
    />,
    <DayInput key="registeredFrom" source="registeredFrom" label="Registered from" />,
    <DayInput key="registeredTo" source="registeredTo" label="Registered to" />,
    <NumberInput key="balanceMin" source="balanceMin" label="Balance at least" />,
    <NumberInput key="balanceMax" source="balanceMax" label="Balance at most" />,
  ];
}
