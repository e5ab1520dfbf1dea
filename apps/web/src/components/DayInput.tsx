import { type InputProps, useInput } from 'react-admin';
import { DayPicker } from './DayPicker';

/** react-admin input (forms and list filters) over the one dd/mm/yyyy date picker; the value is `yyyy-MM-dd`. */
export function DayInput(props: InputProps & { label: string; min?: string; max?: string }) {
  const { field, fieldState, isRequired } = useInput(props);
  return (
    <DayPicker
      label={props.label}
      name={field.name}
      value={field.value}
      onChange={(day) => field.onChange(day || null)}
      min={props.min}
      max={props.max}
      required={isRequired}
      error={fieldState.invalid}
      // A blank line when there is no message, as react-admin's own inputs keep in forms, so fields
      // stay evenly spaced; none in list filters, which pass helperText={false}.
      helperText={fieldState.error?.message ?? (props.helperText === false ? undefined : ' ')}
    />
  );
}
