import type { KeyboardEvent } from 'react';
import { DatagridRow, type DatagridRowProps } from 'react-admin';

/**
 * A Datagrid row that opens from the keyboard as it does with a mouse: rows with a row click are
 * focusable (Tab) and open with Enter or Space.
 */
export function KeyboardRow(props: DatagridRowProps) {
  const clickable = Boolean(props.rowClick);
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.currentTarget.click();
    }
  };
  return clickable ? (
    <DatagridRow {...props} tabIndex={0} onKeyDown={onKeyDown} aria-label="Open" />
  ) : (
    <DatagridRow {...props} />
  );
}
