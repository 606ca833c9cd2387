/**
 * Dots and Boxes as the table hosts it: two seats, the game begins when both are taken, a turn
 * clock per line (running out loses), leaving during the game loses. Nothing is hidden.
 */
import * as v from 'valibot';
import type { GameDefinition } from '../../core/game';
import { emptyPayload, integerField } from '../../core/payload';
import { twoPlayerTurnParts, type TurnConfig } from '../../core/turn-game';
import { DOTS_AND_BOXES_ERROR_CODES, type DotsAndBoxesErrorCode } from './errors';
import { applyDotsAndBoxes, newDotsAndBoxes, type DotsAndBoxesAction, type DotsAndBoxesEvent, type DotsAndBoxesState } from './rules';

/** The `dots_and_boxes` room's client messages (docs/protocol.md); `rematch` is the table's. */
export const dotsAndBoxesMessages = {
  draw: v.strictObject({ line: integerField('line') }),
  resign: emptyPayload,
};

const turns = twoPlayerTurnParts<DotsAndBoxesState>((state) => state.moves.length);

export const dotsAndBoxesGame: GameDefinition<TurnConfig, DotsAndBoxesState, DotsAndBoxesAction, DotsAndBoxesEvent, DotsAndBoxesState, DotsAndBoxesErrorCode, typeof turns.options, typeof dotsAndBoxesMessages> = {
  ...turns,
  name: 'dots_and_boxes',
  setup: () => ({ state: newDotsAndBoxes(), events: [] }),
  apply: (state, seat, action) => applyDotsAndBoxes(state, seat === 0 ? 0 : 1, action),
  view: (state) => state,
  messages: dotsAndBoxesMessages,
  decode: (message) => (message.type === 'draw' ? { type: 'draw', line: message.payload.line } : { type: 'forfeit', reason: 'resigned' }),
  errors: DOTS_AND_BOXES_ERROR_CODES,
};
