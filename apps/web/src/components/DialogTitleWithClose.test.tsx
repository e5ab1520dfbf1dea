import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DialogTitleWithClose } from './DialogTitleWithClose';

describe('DialogTitleWithClose', () => {
  it('shows the title and a close button named "Close", disabled while busy', () => {
    const html = renderToStaticMarkup(
      <DialogTitleWithClose onClose={() => undefined}>Approve redemption</DialogTitleWithClose>,
    );
    expect(html).toContain('Approve redemption');
    expect(html).toMatch(/<button[^>]*aria-label="Close"/);
    const busy = renderToStaticMarkup(
      <DialogTitleWithClose onClose={() => undefined} disabled>
        Upload
      </DialogTitleWithClose>,
    );
    expect(busy).toMatch(
      /<button[^>]*disabled[^>]*aria-label="Close"|<button[^>]*aria-label="Close"[^>]*disabled/,
    );
  });
});
