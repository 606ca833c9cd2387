/** The codes the `connect_four` room's rules answer (docs/protocol.md lists them). */
export const CONNECT_FOUR_ERROR_CODES = ['not_your_turn', 'out_of_range', 'column_full', 'game_over'] as const;
export type ConnectFourErrorCode = (typeof CONNECT_FOUR_ERROR_CODES)[number];
