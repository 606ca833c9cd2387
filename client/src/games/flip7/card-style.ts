/** How each Flip 7 card looks: its label and colours. Pure, shared by the renderer and tests. */
export interface CardLook {
  label: string;
  fill: number;
  ink: number;
}

const NUMBER_COLOURS = [0x9aa5b1, 0x6c5b7b, 0x355c7d, 0x2a9d8f, 0x3a86ff, 0x8338ec, 0xff006e, 0xfb5607, 0xffbe0b, 0x06d6a0, 0x118ab2, 0xef476f, 0x073b4c];

export function cardLook(card: string): CardLook {
  if (/^\d+$/.test(card)) return { label: card, fill: 0xfffdf7, ink: NUMBER_COLOURS[Number(card)] ?? 0x222222 };
  if (card.startsWith('+')) return { label: card, fill: 0xffe8a3, ink: 0x7a4b00 };
  if (card === 'x2') return { label: '×2', fill: 0xffd166, ink: 0x7a2e00 };
  if (card === 'freeze') return { label: 'FREEZE', fill: 0xa8dadc, ink: 0x1d3557 };
  if (card === 'flip_three') return { label: 'FLIP 3', fill: 0xffadad, ink: 0x6a040f };
  if (card === 'second_chance') return { label: '2ND', fill: 0xcaffbf, ink: 0x1b4332 };
  return { label: card, fill: 0xeeeeee, ink: 0x333333 };
}

export const STATUS_LABEL: Record<string, string> = {
  waiting: 'seated',
  active: 'in play',
  stayed: 'stayed',
  busted: 'BUSTED',
  frozen: 'frozen',
};
