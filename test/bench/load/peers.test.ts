/** The peers' table of ratios (peers.ts): the right figure over the right baseline, `-` where a run is missing. */
import { idleStepsCompared, peerTable } from './peers';
import type { IdleFigures, LoadFigures, StormFigures } from './runs';

function load(variant: LoadFigures['variant'], p50: number, cpu: number, heapKB: number, joinP50: number): LoadFigures {
  const median = { actions: 1000, skipped: 0, errors: 0, deliveries: 1000, p50, p99: p50 * 10, p999: p50 * 20, max: p50 * 30, sendLagP99: 1, replaced: 0, seconds: 1, serverCpu: 0.1, serverCpuMsPerAction: cpu, generatorCpu: 0.1 };
  return { game: 'gomoku', variant, processes: 1, tables: 100, clients: 200, rate: 100, join: { p50: joinP50, p99: joinP50, failed: 0 }, rounds: [median], median, heapPerTable: heapKB * 1024, rssPerTable: 0, generatorBound: false };
}

const idleRun = (variant: IdleFigures['variant'], steps: [clients: number, heapKB: number][]): IdleFigures => ({
  variant,
  goal: 5000,
  reached: steps.at(-1)![0],
  steps: steps.map(([clients, kb]) => ({ clients, heap: 0, rss: 0, heapPerClient: kb * 1024, rssPerClient: 0 })),
});

/** The cells of the table's line that starts with `name`, split on runs of two spaces or more. */
const cells = (lines: string[], name: string) => lines.find((l) => l.startsWith(name))!.slice(name.length).trim().split(/\s{2,}/);

describe('idleStepsCompared', () => {
  it('reads every run at the largest client count all of them reached', () => {
    const steps = idleStepsCompared([idleRun('bare ws', [[1250, 3], [2500, 3], [5000, 3]]), idleRun('parlor', [[1250, 20], [2500, 18]])]);
    expect(steps.get('bare ws')?.clients).toBe(2500);
    expect(steps.get('parlor')?.clients).toBe(2500);
  });

  it('falls back to each run’s last step when no count is common', () => {
    const steps = idleStepsCompared([idleRun('bare ws', [[1250, 3]]), idleRun('parlor', [[1252, 20]])]);
    expect(steps.get('bare ws')?.clients).toBe(1250);
    expect(steps.get('parlor')?.clients).toBe(1252);
  });
});

describe('peerTable', () => {
  const headline = [
    load('parlor', 0.4, 0.26, 44, 100),
    load('parlor+redis', 0.8, 0.4, 45, 120),
    load('colyseus', 0.5, 0.2, 32, 50),
    load('colyseus+redis', 0.5, 0.25, 33, 60),
    load('bare ws', 0.2, 0.1, 6, 20),
  ];
  const storms: StormFigures[] = [
    { variant: 'bare ws', pairs: 100, joined: 100, failed: 0, p50: 10, p99: 20, max: 20, allSeatedMs: 30 },
    { variant: 'colyseus', pairs: 100, joined: 100, failed: 0, p50: 40, p99: 50, max: 50, allSeatedMs: 60 },
    { variant: 'parlor', pairs: 100, joined: 100, failed: 0, p50: 80, p99: 90, max: 90, allSeatedMs: 100 },
  ];
  const idle = [idleRun('bare ws', [[2500, 3]]), idleRun('colyseus', [[2500, 12]]), idleRun('parlor', [[2500, 18]])];
  const lines = peerTable(headline, storms, idle);

  it('divides Parlor by the plain Colyseus room and by ws, without Redis and with it', () => {
    // parlor, colyseus, ws, ÷ colyseus, ÷ ws, parlor+redis, colyseus+redis, ÷ colyseus, ÷ ws
    expect(cells(lines, 'move → the opponent, p50 ms')).toEqual(['0.40', '0.50', '0.20', '0.80x', '2.00x', '0.80', '0.50', '1.60x', '4.00x']);
    expect(cells(lines, 'server CPU per move, ms')).toEqual(['0.260', '0.200', '0.100', '1.30x', '2.60x', '0.400', '0.250', '1.60x', '4.00x']);
    expect(cells(lines, 'heap per live room, KB (after GC)')).toEqual(['44.0', '32.0', '6.0', '1.38x', '7.33x', '45.0', '33.0', '1.36x', '7.50x']);
    expect(cells(lines, 'join p50 ms (create+join, all see start)')).toEqual(['100', '50.00', '20.00', '2.00x', '5.00x', '120', '60.00', '2.00x', '6.00x']);
  });

  it('has the runs made only without Redis (join storm, idle) with `-` in the Redis half', () => {
    expect(cells(lines, 'join storm p50 ms (100 pairs at once)')).toEqual(['80.00', '40.00', '10.00', '2.00x', '8.00x', '-', '-', '-', '-']);
    expect(cells(lines, 'heap per idle client, KB (at 2500)')).toEqual(['18.00', '12.00', '3.00', '1.50x', '6.00x', '-', '-', '-', '-']);
  });

  it('prints `-` for a ratio to a baseline that was not run', () => {
    const withoutPeer = peerTable(headline.filter((p) => !p.variant.startsWith('colyseus')), [], []);
    expect(cells(withoutPeer, 'move → the opponent, p50 ms')).toEqual(['0.40', '-', '0.20', '-', '2.00x', '0.80', '-', '-', '4.00x']);
  });

  it('is empty when nothing was run', () => {
    expect(peerTable([], [], [])).toEqual([]);
  });
});
