import { CONTENT_PAGES } from '@app/contract/content';
import { PageTabs } from '../components/PageTabs';
import { IntegrationsTab } from '../features/content/IntegrationsTab';
import { SocialLinks } from '../features/content/SocialPage';
import { WebhookDeliveriesTab } from '../features/webhooks/WebhookDeliveriesTab';
import { WebhooksTab } from '../features/webhooks/WebhooksTab';

/**
 * Main Settings → Social Connect, with the brand's connected systems beside it as tabs (the menu
 * stays as the shell specification has it): service accounts and API keys, webhooks out and their
 * delivery log.
 */
export default function MainSettingsPage() {
  return (
    <PageTabs
      page={CONTENT_PAGES.social}
      tabs={[
        { slug: 'social', label: 'Social links', content: <SocialLinks /> },
        { slug: 'integrations', label: 'Integrations', content: <IntegrationsTab /> },
        { slug: 'webhooks', label: 'Webhooks', content: <WebhooksTab /> },
        { slug: 'webhook-deliveries', label: 'Webhook deliveries', content: <WebhookDeliveriesTab /> },
      ]}
    />
  );
}
