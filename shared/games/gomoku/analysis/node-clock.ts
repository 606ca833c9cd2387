/**
 * A clock whose time is work done, not time passed: every reading advances it by the nodes
 * the engine searches between two readings (it reads once per 256 nodes), so a budget of N
 * nodes stops the search at the same point on any machine. A slow phone reaches the same
 * depth as a fast desktop, later; and the same position always gets the same verdict.
 */
import { Clock } from '../ai/clock';

/** Nodes the engine searches between two readings of its clock (ai/clock.ts reads when `nodes & 255` is 0). */
const NODES_PER_READING = 256;

export function nodeClock(nodes: number): Clock {
  let readings = 0;
  return new Clock(() => readings++ * NODES_PER_READING, Math.max(1, nodes));
}
