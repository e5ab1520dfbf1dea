import { useId, useLayoutEffect } from 'react';
import { DatagridHeader, type DatagridHeaderProps } from 'react-admin';

const NAME_CLASS = 'list-header-name';

/** The styles of VisuallyHidden, for a node made outside React. */
const VISUALLY_HIDDEN: Partial<CSSStyleDeclaration> = {
  border: '0',
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: '0',
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
};

/**
 * react-admin's header row, with a name for the expand column: react-admin leaves that cell with only
 * an expand-all button hidden from assistive technology, so a screen reader meets an empty column
 * header. The cell is react-admin's, so its name ("Details", for screen readers only) is added to it
 * after each render; the other cells are named by their fields (the actions column in ListPage).
 */
export function ListHeader(props: DatagridHeaderProps) {
  const marker = `list-header-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  useLayoutEffect(() => {
    const cell = document.querySelector(`.${marker} th.RaDatagrid-expandHeader`);
    if (!cell || cell.querySelector(`.${NAME_CLASS}`)) return;
    const name = document.createElement('span');
    name.className = NAME_CLASS;
    name.textContent = 'Details';
    Object.assign(name.style, VISUALLY_HIDDEN);
    cell.append(name);
  });
  return <DatagridHeader {...props} className={[props.className, marker].filter(Boolean).join(' ')} />;
}
