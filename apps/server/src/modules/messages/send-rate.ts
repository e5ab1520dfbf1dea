/**
 * A provider's send rate (MESSAGES_RATE_PER_SECOND): a token bucket of one second's sends. `take()`
 * resolves when the send may go; callers wait in order, so a burst is spread, never refused.
 */
export class SendRate {
  private tokens: number;
  private last = Date.now();
  private queue: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly perSecond: number) {
    this.tokens = Math.max(1, perSecond);
  }

  private refill() {
    const now = Date.now();
    this.tokens = Math.min(
      Math.max(1, this.perSecond),
      this.tokens + ((now - this.last) / 1000) * this.perSecond,
    );
    this.last = now;
  }

  take(): Promise<void> {
    this.refill();
    if (this.queue.length === 0 && this.tokens >= 1) {
      this.tokens -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.queue.push(resolve);
      this.drain();
    });
  }

  private drain() {
    if (this.timer) return;
    this.refill();
    while (this.queue.length > 0 && this.tokens >= 1) {
      this.tokens -= 1;
      this.queue.shift()!();
    }
    if (this.queue.length === 0) return;
    const waitMs = Math.ceil(((1 - this.tokens) / this.perSecond) * 1000);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain();
    }, waitMs);
    this.timer.unref();
  }
}
