// Chinese for dice rolled in play (dice/dice.ts, dice/roll-command.ts, a character's roll tool: dice/roll-tool.ts).
import type { Messages } from './translate.ts';

export const DICE_ZH: Messages = {
  '"{text}" is not a roll this app makes. Write dice as 2d6+1: up to {count} dice of 2 to {sides} sides, and a modifier up to {modifier}.':
    '"{text}"不是本应用能掷的骰子。请写成 2d6+1 这样：最多 {count} 个骰子，每个 2 到 {sides} 面，修正值最多 {modifier}。',
  'I roll {notation}: {shown}.': '我掷出 {notation}：{shown}。',
  'Dice need a source of random numbers, and none was given.': '掷骰子需要随机数来源，但没有提供。',
  'Rolled {notation}: {shown}.': '掷出 {notation}：{shown}。',
  'That was the last roll of this turn: write your turn now.': '这是本回合的最后一次掷骰：现在写你的回合。',
  'There is no tool {name}, only roll. Write your turn.': '没有名为 {name} 的工具，只有 roll。请写你的回合。',
  'No more rolls in this turn: {count} is the most. Write your turn now with the rolls you have.':
    '本回合不能再掷骰了：最多 {count} 次。现在用已有的掷骰结果写你的回合。',
  'The dice were not rolled: give them as {"notation": "2d6+1"}.':
    '没有掷骰：请这样给出骰子：{"notation": "2d6+1"}。',
  'The dice were not rolled: {reason}': '没有掷骰：{reason}',
};
