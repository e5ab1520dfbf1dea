import type { Identifier, RaRecord } from 'react-admin';

/** Where a row leads when opened: a react-admin route, nowhere, or computed from the row. */
export type RowClick =
  | string
  | false
  | ((id: Identifier, resource: string, record: RaRecord) => string | false);
