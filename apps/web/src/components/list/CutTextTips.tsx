import { Paper, Popper } from '@mui/material';
import { useId, useLayoutEffect, useState } from 'react';
import { useListContext } from 'react-admin';

const CUT_CELLS = 'td.RaDatagrid-rowCell:not(.list-row-actions)';
const cutCellOf = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? (target.closest('td[data-cut]') as HTMLElement | null) : null;

/**
 * The full text of a list cell cut with an ellipsis, on hover and on keyboard focus: a cut cell is
 * marked (`data-cut`), takes focus (Tab) and names the tip as its description. Cells are measured
 * after each load and whenever the table changes size (density, window, filters shown).
 */
export function CutTextTips({ marker }: { marker: string }) {
  const { data } = useListContext();
  const tipId = `cut-tip-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [tip, setTip] = useState<{ anchor: HTMLElement; text: string } | null>(null);
  useLayoutEffect(() => {
    const root = document.querySelector<HTMLElement>(`.${marker}`);
    // Measured again whenever the rows change (a page, a filter, a refresh).
    if (!root || !data) return;
    const measure = () => {
      for (const cell of root.querySelectorAll<HTMLElement>(CUT_CELLS)) {
        const cut = cell.scrollWidth > cell.clientWidth + 1;
        if (cut && !cell.dataset.cut) {
          cell.dataset.cut = 'true';
          cell.tabIndex = 0;
        } else if (!cut && cell.dataset.cut) {
          delete cell.dataset.cut;
          cell.removeAttribute('tabindex');
        }
      }
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(root);
    const show = (event: Event) => {
      const cell = cutCellOf(event.target);
      if (!cell) return;
      cell.setAttribute('aria-describedby', tipId);
      setTip((t) => (t?.anchor === cell ? t : { anchor: cell, text: cell.textContent ?? '' }));
    };
    const hide = (event: Event) => {
      const cell = cutCellOf(event.target);
      if (!cell || cell.contains((event as MouseEvent | FocusEvent).relatedTarget as Node | null)) return;
      cell.removeAttribute('aria-describedby');
      setTip((t) => (t?.anchor === cell ? null : t));
    };
    root.addEventListener('mouseover', show);
    root.addEventListener('focusin', show);
    root.addEventListener('mouseout', hide);
    root.addEventListener('focusout', hide);
    return () => {
      resized.disconnect();
      root.removeEventListener('mouseover', show);
      root.removeEventListener('focusin', show);
      root.removeEventListener('mouseout', hide);
      root.removeEventListener('focusout', hide);
    };
  }, [marker, tipId, data]);
  return (
    // The Popper is the tooltip (MUI gives its root role="tooltip"): one tooltip, named by the cell.
    <Popper
      id={tipId}
      open={Boolean(tip?.anchor.isConnected)}
      anchorEl={tip?.anchor}
      placement="bottom-start"
      sx={{ zIndex: 'tooltip', pointerEvents: 'none' }}
    >
      <Paper
        elevation={4}
        sx={{ px: 1, py: 0.5, maxWidth: '32rem', typography: 'body2', overflowWrap: 'anywhere' }}
      >
        {tip?.text}
      </Paper>
    </Popper>
  );
}
