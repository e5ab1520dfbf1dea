import { DateField, type DateFieldProps } from 'react-admin';

/** Times are stored in UTC and shown in Asia/Kolkata (PRODUCT.md §2). */
export const IST_DATE_TIME: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
};

export function IstDateField(props: DateFieldProps) {
  return <DateField showTime locales="en-IN" options={IST_DATE_TIME} {...props} />;
}

export const formatIst = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString('en-IN', IST_DATE_TIME) : '';
