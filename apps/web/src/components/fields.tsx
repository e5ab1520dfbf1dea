import { formatCount, formatDateTime, formatDay, formatRupees } from '@app/contract/format';
import { Typography } from '@mui/material';
import { type FieldProps, useFieldValue } from 'react-admin';

/**
 * react-admin fields that write values through the one formatting module (contract/format):
 * IST dates, Indian digit grouping, paise as rupees. Use these instead of DateField/NumberField.
 */
type FormattedFieldProps = FieldProps & { emptyText?: string };

function FormattedField({ display, numeric, ...props }: FormattedFieldProps & Shape) {
  const value = useFieldValue(props);
  const text = value === null || value === undefined ? '' : display(value as never);
  return (
    <Typography component="span" variant="body2" sx={numeric ? { fontVariantNumeric: 'tabular-nums' } : {}}>
      {text || props.emptyText || ''}
    </Typography>
  );
}

interface Shape {
  display: (value: never) => string;
  numeric?: boolean;
}

/** `23 Nov 2026, 6:08 pm` (IST). */
export const DateTimeField = (props: FormattedFieldProps) => (
  <FormattedField {...props} display={formatDateTime} />
);
/** `23 Nov 2026`: a calendar day, or the IST day of a moment. */
export const DayField = (props: FormattedFieldProps) => <FormattedField {...props} display={formatDay} />;
/** `1,25,900`. */
export const CountField = (props: FormattedFieldProps) => (
  <FormattedField {...props} display={formatCount} numeric />
);
/** Paise as `₹22,361.75`. */
export const RupeesField = (props: FormattedFieldProps) => (
  <FormattedField {...props} display={formatRupees} numeric />
);
