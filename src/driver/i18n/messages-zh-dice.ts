// Chinese for dice rolled in play (dice/dice.ts, dice/roll-command.ts).
import type { Messages } from './translate.ts';

export const DICE_ZH: Messages = {
  '"{text}" is not a roll this app makes. Write dice as 2d6+1: up to {count} dice of 2 to {sides} sides, and a modifier up to {modifier}.':
    '"{text}"不是本应用能掷的骰子。请写成 2d6+1 这样：最多 {count} 个骰子，每个 2 到 {sides} 面，修正值最多 {modifier}。',
  'I roll {notation}: {shown}.': '我掷出 {notation}：{shown}。',
  'Dice need a source of random numbers, and none was given.': '掷骰子需要随机数来源，但没有提供。',
};
