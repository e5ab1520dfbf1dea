import { Tab, Tabs, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { pageTitle } from './list/ListPage';

/** A menu page made of tabs: its heading from the menu, then the tabs, then the chosen tab's content. */
export function PageTabs({
  page,
  tabs,
}: {
  page: string;
  tabs: readonly { label: string; content: ReactNode }[];
}) {
  const [chosen, setChosen] = useState(tabs[0]!.label);
  return (
    <>
      <Typography variant="h5" component="h1">
        {pageTitle(page)}
      </Typography>
      <Tabs value={chosen} onChange={(_, value) => setChosen(value)} sx={{ mb: 1 }} variant="scrollable">
        {tabs.map((t) => (
          <Tab key={t.label} label={t.label} value={t.label} />
        ))}
      </Tabs>
      {tabs.find((t) => t.label === chosen)?.content}
    </>
  );
}
