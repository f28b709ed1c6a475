// Chinese for dice in the composer (story/dice-roll.tsx).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_DICE: Messages = {
  Dice: '骰子',
  Roll: '掷骰',
  'Dice as 2d6+1: how many, d, how many sides, and a modifier': '骰子写成 2d6+1：个数、d、面数，以及修正值',
  'Rolls the dice and sends the result as your turn': '掷骰子，并把结果作为你的回合发送',
};
