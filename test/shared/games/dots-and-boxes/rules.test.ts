/**
 * Dots and Boxes' rules: the grid's numbering, a box closed by its fourth side scores and keeps
 * the turn (one extra move even for two boxes), a line that closes nothing passes the turn, the
 * end when every line is drawn, the refusals (coded, changing nothing), forfeits. Then
 * fast-check over random games: the score counts exactly the boxes closed, a closing line keeps
 * the turn, the game ends exactly when all 60 lines are drawn, with 25 boxes between the two.
 */
import fc from 'fast-check';
import {
  applyDotsAndBoxes, BOXES, boxesBeside, dotsAndBoxesGame, horizontalLine, LINES, lineEnds, newDotsAndBoxes, sidesOf, verticalLine,
  type DotsAndBoxesState, type Seat,
} from '../../../../shared/games/dots-and-boxes';

/** Draws the lines in order, each by the seat to act; throws on a refusal. */
function play(lines: number[], from = newDotsAndBoxes()): DotsAndBoxesState {
  return lines.reduce((s, line) => {
    const r = applyDotsAndBoxes(s, s.toAct as Seat, { type: 'draw', line });
    if (!r.ok) throw new Error(`${r.code} at line ${line}`);
    return r.state;
  }, from);
}

describe('Dots and Boxes', () => {
  it('numbers 60 lines round 25 boxes: each box has four sides, each line one or two boxes', () => {
    expect(LINES).toBe(60);
    expect(BOXES).toBe(25);
    expect(sidesOf(0)).toEqual([horizontalLine(0, 0), horizontalLine(1, 0), verticalLine(0, 0), verticalLine(0, 1)]);
    for (let box = 0; box < BOXES; box++) for (const side of sidesOf(box)) expect(boxesBeside(side)).toContain(box);
    expect(boxesBeside(horizontalLine(0, 2))).toEqual([2]);
    expect(boxesBeside(verticalLine(2, 3))).toEqual([12, 13]);
    expect(lineEnds(verticalLine(4, 5))).toEqual([[5, 4], [5, 5]]);
  });

  it('a line that closes no box passes the turn; the fourth side of a box scores it and the same player moves again', () => {
    const [top, bottom, left, right] = sidesOf(0);
    const s = play([top, bottom, left]);
    expect(s.toAct).toBe(1);
    const closed = applyDotsAndBoxes(s, 1, { type: 'draw', line: right });
    expect(closed.ok && closed.state.boxes[0]).toBe(2);
    expect(closed.ok && closed.state.scores).toEqual([0, 1]);
    expect(closed.ok && closed.state.toAct).toBe(1);
    expect(closed.ok && closed.events[0]).toEqual({ type: 'drew', seat: 1, line: right, closed: [0] });
    expect(closed.ok && closed.state.moves.map((m) => m.seat)).toEqual([0, 1, 0, 1]);
  });

  it('a line that closes two boxes scores both and gives one extra move', () => {
    // Boxes 0 and 1 share the vertical line between them: draw every other side first.
    const shared = verticalLine(0, 1);
    const others = [...sidesOf(0), ...sidesOf(1)].filter((l) => l !== shared);
    const s = play(others);
    const mover = s.toAct as Seat;
    const r = applyDotsAndBoxes(s, mover, { type: 'draw', line: shared });
    expect(r.ok && r.state.scores[mover] - s.scores[mover]).toBe(2);
    expect(r.ok && r.state.toAct).toBe(mover);
  });

  it('refuses with a code and changes nothing: out of turn, off the grid, a drawn line, after the end', () => {
    const s = play([0]);
    for (const [seat, line, code] of [[0, 1, 'not_your_turn'], [1, 60, 'out_of_range'], [1, -1, 'out_of_range'], [1, 1.5, 'out_of_range'], [1, 0, 'line_taken']] as const) {
      const r = applyDotsAndBoxes(s, seat, { type: 'draw', line });
      expect(r.ok ? 'ok' : r.code).toBe(code);
    }
    expect(s.moves).toEqual([{ seat: 0, line: 0 }]);
    const over = applyDotsAndBoxes(s, 1, { type: 'forfeit', reason: 'resigned' });
    expect(over.ok && [over.state.winner, over.state.reason, over.state.toAct]).toEqual([0, 'resigned', null]);
    const after = over.ok ? applyDotsAndBoxes(over.state, 0, { type: 'draw', line: 1 }) : over;
    expect(after.ok ? 'ok' : after.code).toBe('game_over');
  });

  it('counts a forfeit in the version (the action log orders by it) and gives the outcome', () => {
    const s = play([0, 1]);
    expect(dotsAndBoxesGame.version(s)).toBe(2);
    const r = applyDotsAndBoxes(s, 0, { type: 'forfeit', reason: 'time' });
    expect(r.ok && dotsAndBoxesGame.version(r.state)).toBe(3);
    expect(r.ok && dotsAndBoxesGame.outcome(r.state)).toEqual({ winner: 1, reason: 'time' });
  });
});

/** A whole game: the order in which the lines are drawn (a permutation of all 60), by whoever is to act. */
const wholeGame = fc.shuffledSubarray([...Array(LINES).keys()], { minLength: LINES, maxLength: LINES });

describe('Dots and Boxes properties', () => {
  it('each score is the number of lines that closed boxes, counted by boxes; a closing line keeps the turn, any other passes it', () => {
    fc.assert(fc.property(wholeGame, (order) => {
      let s = newDotsAndBoxes();
      const closedBy: [number, number] = [0, 0];
      for (const line of order) {
        const seat = s.toAct as Seat;
        const r = applyDotsAndBoxes(s, seat, { type: 'draw', line });
        if (!r.ok) return false;
        const drew = r.events.find((e) => e.type === 'drew')!;
        const closed = drew.type === 'drew' ? drew.closed.length : 0;
        closedBy[seat] += closed;
        if (r.state.winner === null && r.state.toAct !== (closed > 0 ? seat : 1 - seat)) return false;
        if (r.state.scores[seat] - s.scores[seat] !== closed) return false;
        s = r.state;
      }
      return s.scores[0] === closedBy[0] && s.scores[1] === closedBy[1];
    }));
  });

  it('the game ends exactly when the last line is drawn, with all 25 boxes taken and the larger score winning', () => {
    fc.assert(fc.property(wholeGame, (order) => {
      let s = newDotsAndBoxes();
      for (const [i, line] of order.entries()) {
        if (s.winner !== null) return false; // ended early
        s = play([line], s);
        if (i < LINES - 1 && s.winner !== null) return false;
      }
      const expected = s.scores[0] === s.scores[1] ? 'draw' : s.scores[0] > s.scores[1] ? 0 : 1;
      return s.scores[0] + s.scores[1] === BOXES && s.boxes.every((b) => b !== 0) && s.winner === expected && s.reason === 'boxes' && s.toAct === null
        && s.boxes.filter((b) => b === 1).length === s.scores[0];
    }));
  });
});
