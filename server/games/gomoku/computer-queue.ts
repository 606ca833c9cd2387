/**
 * The computer's waiting line, fair across addresses: each address's decisions wait in their
 * own line and the lines are served in turn, so one address with many games gets a worker as
 * often as another with one game, not forty times as often. A room has at most one decision
 * waiting: a newer one replaces it (the older is dropped).
 */
export interface Queued {
  /** The room deciding: at most one decision per room waits. */
  readonly room: string;
  /** Whose turn in the rotation this takes (the address of the room's player). */
  readonly owner: string;
}

export class FairQueue<J extends Queued> {
  /** Each owner's decisions, oldest first; the Map's order is the rotation (served owners go to the back). */
  private readonly lines = new Map<string, J[]>();
  private readonly byRoom = new Map<string, J>();

  get size(): number {
    return this.byRoom.size;
  }

  /** Queues `job`; returns the decision of the same room it replaces, if one was waiting. */
  push(job: J): J | undefined {
    const replaced = this.remove(job.room);
    let line = this.lines.get(job.owner);
    if (!line) this.lines.set(job.owner, (line = []));
    line.push(job);
    this.byRoom.set(job.room, job);
    return replaced;
  }

  /** The next decision to run: the oldest of the owner whose turn it is. */
  shift(): J | undefined {
    for (const [owner, line] of this.lines) {
      this.lines.delete(owner);
      const job = line.shift();
      if (line.length > 0) this.lines.set(owner, line); // to the back of the rotation
      if (!job) continue;
      this.byRoom.delete(job.room);
      return job;
    }
    return undefined;
  }

  /** Takes a room's waiting decision out of the line (its room went, or the game moved on). */
  remove(room: string): J | undefined {
    const job = this.byRoom.get(room);
    if (!job) return undefined;
    this.byRoom.delete(room);
    const line = this.lines.get(job.owner)!;
    line.splice(line.indexOf(job), 1);
    if (line.length === 0) this.lines.delete(job.owner);
    return job;
  }
}
