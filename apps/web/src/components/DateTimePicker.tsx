import { formatDateTime, istInstantOf, istWallClockOf } from '@app/contract/format';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker as MuiDateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { isValid } from 'date-fns';
import { type InputProps, useInput } from 'react-admin';

/** The picker works in the browser's zone: it is handed a Date whose local fields are the IST wall clock. */
const toPickerDate = (instant: string | null | undefined): Date | null => {
  const wall = istWallClockOf(instant);
  return wall ? new Date(wall.year, wall.month, wall.day, wall.hour, wall.minute) : null;
};
const fromPickerDate = (date: Date | null): string =>
  date && isValid(date)
    ? istInstantOf({
        year: date.getFullYear(),
        month: date.getMonth(),
        day: date.getDate(),
        hour: date.getHours(),
        minute: date.getMinutes(),
      })
    : '';

export interface DateTimePickerProps {
  label: string;
  /** An ISO instant, or '' for none. */
  value: string | null | undefined;
  onChange: (instant: string) => void;
  required?: boolean;
  error?: boolean;
  helperText?: React.ReactNode;
  name?: string;
}

/**
 * The one date-time input: typed and shown as `dd/mm/yyyy hh:mm am` in India time (PRODUCT.md §2),
 * whatever the browser's own zone, and handed over as an ISO instant. A half-typed value is ''.
 */
export function DateTimePicker({ label, value, onChange, helperText, ...rest }: DateTimePickerProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <MuiDateTimePicker
        label={`${label} (IST)`}
        format="dd/MM/yyyy hh:mm aa"
        ampm
        value={toPickerDate(value)}
        name={rest.name}
        onChange={(date) => onChange(fromPickerDate(date))}
        slotProps={{
          textField: {
            slotProps: { inputLabel: { required: rest.required } },
            error: rest.error,
            // react-admin's theme makes every text field filled; the pickers' own field does not read it.
            variant: 'filled',
            size: 'small',
            sx: { width: 260, maxWidth: '100%' },
            helperText,
            title: value ? formatDateTime(value) : undefined,
          },
        }}
      />
    </LocalizationProvider>
  );
}

/** react-admin input over the one date-time picker; the value is an ISO instant. */
export function DateTimeInput(props: InputProps & { label: string }) {
  const { field, fieldState, isRequired } = useInput(props);
  return (
    <DateTimePicker
      label={props.label}
      name={field.name}
      value={field.value}
      onChange={(instant) => field.onChange(instant || null)}
      required={isRequired}
      error={fieldState.invalid}
      // A blank line when there is no message, as react-admin's own inputs keep in forms, so fields
      // stay evenly spaced; none in list filters, which pass helperText={false}.
      helperText={fieldState.error?.message ?? (props.helperText === false ? undefined : ' ')}
    />
  );
}
