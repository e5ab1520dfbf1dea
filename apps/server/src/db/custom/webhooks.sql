-- Webhook events are written in the transaction of the change that causes them, by this one function
-- (from the services, and from scan_coupon and expire_points_batch where the change is SQL). When no
-- active subscription wants the type it writes nothing: one probe of the (small) subscriptions table.
-- Otherwise one webhook_events row (its event_id is the `webhook-id` every delivery carries) and one
-- webhook_deliveries row per subscription, which the worker (modules/webhooks) sends after commit.
CREATE OR REPLACE FUNCTION record_webhook_event(p_type text, p_member bigint, p_data jsonb) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_event bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.active AND p_type = ANY (s.event_types)) THEN
    RETURN NULL;
  END IF;
  INSERT INTO webhook_events (type, member_id, data) VALUES (p_type, p_member, p_data) RETURNING id INTO v_event;
  INSERT INTO webhook_deliveries (subscription_id, event_id, member_id)
    SELECT s.id, v_event, p_member FROM webhook_subscriptions s
      WHERE s.active AND p_type = ANY (s.event_types) ORDER BY s.id;
  RETURN v_event;
END;
$$;
--> statement-breakpoint

-- A member's tier changes wherever a member_tiers row is written (a scan reaching the next tier, the
-- nightly evaluation, an approved override): one trigger records tier.changed for all of them.
CREATE OR REPLACE FUNCTION member_tiers_webhook() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_webhook_event('tier.changed', NEW.member_id, jsonb_build_object(
    'memberId', NEW.member_id, 'tier', NEW.tier, 'reason', NEW.reason, 'earned', NEW.earned));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS member_tiers_webhook ON member_tiers;
--> statement-breakpoint
CREATE TRIGGER member_tiers_webhook AFTER INSERT ON member_tiers
  FOR EACH ROW EXECUTE FUNCTION member_tiers_webhook();
