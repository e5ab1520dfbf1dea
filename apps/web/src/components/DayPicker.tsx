import { formatDay } from '@app/contract/format';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { format, isValid, parse } from 'date-fns';

const toDate = (day: string | null | undefined): Date | null => {
  if (!day) return null;
  const date = parse(day, 'yyyy-MM-dd', new Date());
  return isValid(date) ? date : null;
};

export interface DayPickerProps {
  label: string;
  /** A calendar day `yyyy-MM-dd`, or '' for none. */
  value: string | null | undefined;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: React.ReactNode;
  name?: string;
  size?: 'small' | 'medium';
}

/**
 * The one date input: typed and shown as dd/mm/yyyy (PRODUCT.md §2), handed over as the calendar
 * day `yyyy-MM-dd` that the API reads. A half-typed date is handed over as ''.
 */
export function DayPicker({ label, value, onChange, min, max, helperText, ...rest }: DayPickerProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <DatePicker
        label={label}
        format="dd/MM/yyyy"
        value={toDate(value)}
        minDate={toDate(min) ?? undefined}
        maxDate={toDate(max) ?? undefined}
        disabled={rest.disabled}
        name={rest.name}
        onChange={(date) => onChange(date && isValid(date) ? format(date, 'yyyy-MM-dd') : '')}
        slotProps={{
          textField: {
            // The asterisk only: a native `required` would stop the form with the browser's own bubble
            // before the form's validation shows its field message.
            slotProps: { inputLabel: { required: rest.required } },
            error: rest.error,
            // react-admin's theme makes every text field filled; the pickers' own field does not read it.
            variant: 'filled',
            size: rest.size ?? 'small',
            // A date is ten characters: the field need not stretch across the page.
            sx: { width: 200, maxWidth: '100%' },
            helperText,
            title: value ? formatDay(value) : undefined,
          },
        }}
      />
    </LocalizationProvider>
  );
}
