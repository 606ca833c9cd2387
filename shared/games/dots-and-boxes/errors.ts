/** The codes the `dots_and_boxes` room's rules answer (docs/protocol.md lists them). */
export const DOTS_AND_BOXES_ERROR_CODES = ['not_your_turn', 'out_of_range', 'line_taken', 'game_over'] as const;
export type DotsAndBoxesErrorCode = (typeof DOTS_AND_BOXES_ERROR_CODES)[number];
