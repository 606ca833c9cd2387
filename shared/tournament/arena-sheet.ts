/**
 * Arena scoring as Lichess scores it (lila `arena/ArenaSheet.scala`, version 2 of the sheet):
 * win 2, draw 1, loss 0; after two wins in a row a player is "on fire" and every result is
 * doubled (win 4, draw 2) until one that is not a win; a berserker who won gets +1 when they
 * made at least 7 moves of their own; a draw in under 10 moves each scores 0; and a draw that
 * follows a draw (losses in between do not break the run, a win does) scores 0 unless the game
 * was long. Games that end after the event's end are kept on the sheet but score nothing.
 * Pure: the caller hands the results in the order the games ended.
 */

export type GameResult = 'win' | 'draw' | 'loss';

/** One finished game from one player's side. */
export interface ArenaGame {
  readonly result: GameResult;
  /** This player berserked (halved their own clock). */
  readonly berserk: boolean;
  /** Moves by both players (plies). */
  readonly plies: number;
  /** Moves this player made. */
  readonly ownMoves: number;
  /** When the game ended (ms since the epoch, the caller's clock). */
  readonly endedAt: number;
}

/** How the page draws a score: a streak starter and a double get the fire mark; null is a draw that scored 0. */
export type ArenaFlag = 'normal' | 'streak-starter' | 'double' | 'null';
export type BerserkMark = 'none' | 'valid' | 'invalid';

export interface ArenaScore {
  /** `quick-draw`: a draw too short to score. */
  readonly result: GameResult | 'quick-draw';
  readonly flag: ArenaFlag;
  readonly berserk: BerserkMark;
  /** True when the game ended after the event's end: shown, scored 0, changes no streak. */
  readonly afterEnd: boolean;
  readonly points: number;
}

export interface ArenaSheet {
  /** Oldest first. */
  readonly scores: readonly ArenaScore[];
  readonly total: number;
}

export interface ArenaScoringRules {
  /** Results of games ending after this instant do not score. */
  readonly eventEndsAt: number;
  /** Streaks (fire) in play; Lichess turns them off for some events. */
  readonly streaks: boolean;
  /** A draw shorter than this many plies scores 0 (Lichess: 20, ten moves each). */
  readonly quickDrawPlies: number;
  /** A berserk win earns its extra point from this many of the berserker's own moves (Lichess: 7). */
  readonly berserkMinMoves: number;
  /** A draw that follows a draw still scores from this many plies (Lichess, standard chess: 60). */
  readonly longGamePlies: number;
}

export const LICHESS_ARENA: Omit<ArenaScoringRules, 'eventEndsAt'> = { streaks: true, quickDrawPlies: 20, berserkMinMoves: 7, longGamePlies: 60 };

export const EMPTY_SHEET: ArenaSheet = { scores: [], total: 0 };

const counted = (scores: readonly ArenaScore[]) => scores.filter((s) => !s.afterEnd);

/** On fire: the last two counted results are wins. */
export function isOnFire(sheet: ArenaSheet): boolean {
  const s = counted(sheet.scores);
  return s.length >= 2 && s[s.length - 1].result === 'win' && s[s.length - 2].result === 'win';
}

/** Since the last win, the player has drawn (a quick draw counts): a further short draw scores 0. */
function inDrawStreak(scores: readonly ArenaScore[]): boolean {
  for (let i = scores.length - 1; i >= 0; i--) {
    if (scores[i].result === 'win') return false;
    if (scores[i].result !== 'loss') return true;
  }
  return false;
}

function pointsOf(result: ArenaScore['result'], flag: ArenaFlag, berserk: BerserkMark): number {
  let base = 0;
  if (result === 'win') base = flag === 'double' ? 4 : 2;
  else if (result === 'draw') base = flag === 'double' ? 2 : flag === 'null' ? 0 : 1;
  return base + (result === 'win' && berserk === 'valid' ? 1 : 0);
}

/** The sheet with one more finished game. */
export function addResult(sheet: ArenaSheet, game: ArenaGame, rules: ArenaScoringRules): ArenaSheet {
  const berserk: BerserkMark = !game.berserk ? 'none' : game.ownMoves >= rules.berserkMinMoves ? 'valid' : 'invalid';
  if (game.endedAt > rules.eventEndsAt) {
    const result = game.result === 'draw' && game.plies < rules.quickDrawPlies ? 'quick-draw' : game.result;
    return { scores: [...sheet.scores, { result, flag: 'normal', berserk, afterEnd: true, points: 0 }], total: sheet.total };
  }
  const previous = counted(sheet.scores);
  const onFire = rules.streaks && isOnFire(sheet);
  let result: ArenaScore['result'] = game.result;
  let flag: ArenaFlag = 'normal';
  if (game.result === 'draw' && game.plies < rules.quickDrawPlies) result = 'quick-draw';
  else if (game.result === 'draw') {
    if (onFire) flag = 'double';
    else if (game.plies < rules.longGamePlies && inDrawStreak(previous)) flag = 'null';
  } else if (game.result === 'win' && rules.streaks) flag = onFire ? 'double' : 'streak-starter';

  // A lone win that was not followed by another win is shown as plain, not as a streak's start.
  const scores = [...sheet.scores];
  const lastIndex = scores.length - 1;
  if (lastIndex >= 0 && !scores[lastIndex].afterEnd && scores[lastIndex].flag === 'streak-starter' && game.result !== 'win') {
    scores[lastIndex] = { ...scores[lastIndex], flag: 'normal' };
  }
  const points = pointsOf(result, flag, berserk);
  scores.push({ result, flag, berserk, afterEnd: false, points });
  return { scores, total: sheet.total + points };
}

/** A whole sheet from the games in the order they ended. */
export function buildSheet(games: readonly ArenaGame[], rules: ArenaScoringRules): ArenaSheet {
  return games.reduce((sheet, game) => addResult(sheet, game, rules), EMPTY_SHEET);
}
