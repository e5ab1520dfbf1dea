import { Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageTitle } from './list/ListPage';

/**
 * A menu page made of tabs: its heading from the menu, then the tabs, then the chosen tab's content.
 * The tab is the `tab` query parameter (its slug), so the page's route stays the menu's and a tab can
 * be linked to; the first tab has none.
 */
export function PageTabs({
  page,
  tabs,
}: {
  page: string;
  tabs: readonly { slug: string; label: string; content: ReactNode }[];
}) {
  const [params, setParams] = useSearchParams();
  const chosen = tabs.find((t) => t.slug === params.get('tab')) ?? tabs[0]!;
  return (
    <>
      <Typography variant="h5" component="h1">
        {pageTitle(page)}
      </Typography>
      <Tabs
        value={chosen.slug}
        onChange={(_, next: string) => setParams(next === tabs[0]!.slug ? {} : { tab: next })}
        sx={{ mb: 1 }}
        variant="scrollable"
        aria-label={pageTitle(page)}
      >
        {tabs.map((t) => (
          <Tab key={t.slug} label={t.label} value={t.slug} />
        ))}
      </Tabs>
      {chosen.content}
    </>
  );
}
