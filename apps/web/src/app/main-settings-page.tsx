import { CONTENT_PAGES } from '@app/contract/content';
import { PageTabs } from '../components/PageTabs';
import SocialPage from '../features/content/SocialPage';
import { WebhookDeliveriesTab } from '../features/webhooks/WebhookDeliveriesTab';
import { WebhooksTab } from '../features/webhooks/WebhooksTab';

/**
 * Main Settings → Social Connect, with the settings of the brand's connected systems beside it as
 * tabs (the menu stays as the shell specification has it): webhooks out and their delivery log.
 */
export default function MainSettingsPage() {
  return (
    <PageTabs
      page={CONTENT_PAGES.social}
      tabs={[
        { label: 'Social Connect', content: <SocialPage /> },
        { label: 'Webhooks', content: <WebhooksTab /> },
        { label: 'Webhook deliveries', content: <WebhookDeliveriesTab /> },
      ]}
    />
  );
}
