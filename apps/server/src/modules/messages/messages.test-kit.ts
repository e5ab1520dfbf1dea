import { vi } from 'vitest';
import type { TestApp } from '../../../test/harness';

export interface MessageRow {
  id: number;
  status: string;
  attempts: number;
  template_key: string;
  language: string;
  recipient: string;
  provider: string | null;
  provider_message_id: string | null;
  error: string | null;
  secret_variables: string | null;
  variables: Record<string, string>;
}

export async function messagesTo(t: TestApp, recipient: string): Promise<MessageRow[]> {
  const { rows } = await t.database.executeSql(
    'select * from member_messages where recipient = $1 order by id',
    [recipient],
  );
  return rows as unknown as MessageRow[];
}

/** Waits (a loaded machine allowed) until the newest message to `recipient` satisfies `done`. */
export async function waitForMessage(
  t: TestApp,
  recipient: string,
  done: (row: MessageRow) => boolean,
): Promise<MessageRow> {
  let last: MessageRow | undefined;
  await vi.waitFor(
    async () => {
      last = (await messagesTo(t, recipient)).at(-1);
      if (!last || !done(last)) throw new Error(`message to ${recipient}: ${last?.status ?? 'none'}`);
    },
    { timeout: 60_000, interval: 50 },
  );
  return last!;
}

/** Waits until the newest message to `recipient` left for good: sent, delivered or failed. */
export const settled = (t: TestApp, recipient: string) =>
  waitForMessage(t, recipient, (row) => ['sent', 'delivered', 'failed'].includes(row.status));

/** Waits until a condition on test state holds. */
export const until = (ok: () => boolean) =>
  vi.waitFor(
    () => {
      if (!ok()) throw new Error('not yet');
    },
    { timeout: 60_000, interval: 50 },
  );
