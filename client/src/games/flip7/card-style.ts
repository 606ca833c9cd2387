/** How each Flip 7 card looks: its label and colours. Pure, shared by the renderer and tests. */
export interface CardLook {
  label: string;
  fill: number;
  ink: number;
}

/** One ink per number, each at least 5:1 against the card's face (WCAG AA for text of any size). */
const NUMBER_COLOURS = [0x5f6b78, 0x6c5b7b, 0x355c7d, 0x1d7268, 0x2563c9, 0x7a2fd6, 0xc2185b, 0xc2410c, 0x8f5b00, 0x0b7a50, 0x0b6f8f, 0xb8284f, 0x073b4c];

export function cardLook(card: string): CardLook {
  if (/^\d+$/.test(card)) return { label: card, fill: 0xfffdf7, ink: NUMBER_COLOURS[Number(card)] ?? 0x222222 };
  if (card.startsWith('+')) return { label: card, fill: 0xffe8a3, ink: 0x7a4b00 };
  if (card === 'x2') return { label: '×2', fill: 0xffd166, ink: 0x7a2e00 };
  if (card === 'freeze') return { label: 'FREEZE', fill: 0xa8dadc, ink: 0x1d3557 };
  if (card === 'flip_three') return { label: 'FLIP\n3', fill: 0xffadad, ink: 0x6a040f };
  if (card === 'second_chance') return { label: '2ND\nCHANCE', fill: 0xcaffbf, ink: 0x1b4332 };
  return { label: card, fill: 0xeeeeee, ink: 0x333333 };
}

export const STATUS_LABEL: Record<string, string> = {
  waiting: 'seated',
  active: 'in play',
  stayed: 'stayed',
  busted: 'BUSTED',
  frozen: 'frozen',
};
