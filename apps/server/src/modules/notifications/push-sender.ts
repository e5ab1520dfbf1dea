/**
 * Where a fanned-out chunk goes besides the inbox: a push service (FCM, APNs) once one is chosen.
 * The sender receives member ids only; it looks up whatever device addresses it keeps itself.
 */
export interface PushBatch {
  notificationId: number;
  title: string;
  body: string;
  link: string | null;
  memberIds: number[];
}

export interface PushSender {
  /** Sends one chunk; answers how many members it was handed to. */
  send(batch: PushBatch): Promise<number>;
}

export interface PushLog {
  info(data: object, message: string): void;
}

/** The default: writes counts to the log, never titles, texts or who received them. */
export const logPushSender = (log: PushLog): PushSender => ({
  async send(batch) {
    log.info(
      { notificationId: batch.notificationId, members: batch.memberIds.length },
      'push: chunk handed over',
    );
    return batch.memberIds.length;
  },
});

let override: PushSender | undefined;

/** Replaces the sender (a real push service, or a test's recorder); undefined restores the log. */
export function usePushSender(sender: PushSender | undefined): void {
  override = sender;
}

export const pushSenderFor = (log: PushLog): PushSender => override ?? logPushSender(log);
