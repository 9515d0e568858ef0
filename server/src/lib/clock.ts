/** Time comes from here so tests can move the clock instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/**
 * Test only (TEST_CLOCK_FILE, refused in production; docs/decisions/0022): real time plus the offset in
 * milliseconds written in a file, read on every call (a test-only cost), so a browser journey can move the clock
 * of a running server (an offer expiring 48 hours later) without an API for it, effective at once.
 */
export class FileOffsetClock implements Clock {
  constructor(
    private readonly file: string,
    private readonly readOffset: (file: string) => string | null,
  ) {}
  now(): Date {
    const text = this.readOffset(this.file);
    const ms = text === null ? 0 : Number(text.trim());
    return new Date(Date.now() + (Number.isFinite(ms) ? ms : 0));
  }
}
