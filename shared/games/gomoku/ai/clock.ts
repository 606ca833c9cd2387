/**
 * A thinking deadline. Time is read through the injected `now` (shared/ may not read the
 * system clock) and only every so many nodes, since reading it costs more than a node.
 */
export class Clock {
  private stoppedFlag = false;

  constructor(
    readonly now: () => number,
    readonly deadline: number,
  ) {}

  /** The time left at most `share` of what remains, as a deadline for one part of the work. */
  slice(share: number): Clock {
    const start = this.now();
    return new Clock(this.now, start + Math.max(0, this.deadline - start) * share);
  }

  /** True once the deadline has passed; `nodes` decides when the clock is actually read. */
  expired(nodes: number): boolean {
    if (!this.stoppedFlag && (nodes & 255) === 0 && this.now() >= this.deadline) this.stoppedFlag = true;
    return this.stoppedFlag;
  }

  /** Whether `expired` has already seen the deadline pass (no clock read). */
  get stopped(): boolean {
    return this.stoppedFlag;
  }

  passed(): boolean {
    return this.now() >= this.deadline;
  }
}
