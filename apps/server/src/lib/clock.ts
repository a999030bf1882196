/** The shop's notion of "now"; tests pass a controllable one to move time (session expiry, holds). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date = new Date("2026-11-22T10:00:00.000Z")) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
  set(to: Date): void {
    this.current = to.getTime();
  }
}
