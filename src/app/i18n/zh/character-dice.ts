// Chinese for a character's dice: the story setting (story/character-dice-setting.tsx) and the roll on
// its transcript row (story/transcript/row-rolls.tsx).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_CHARACTER_DICE: Messages = {
  'Characters roll dice': '角色掷骰子',
  'A character may have the app roll dice for what it attempts; the roll stands and is shown with its turn. Only with a model server that takes tool calls: in-browser models are not offered dice.':
    '角色可以让应用为它尝试的事情掷骰子；结果就此成立，并显示在它的回合里。只适用于支持工具调用的模型服务器：浏览器内模型不提供掷骰。',
  'Dice rolled': '掷出的骰子',
  '{name} rolled {notation}: {shown}': '{name} 掷出 {notation}：{shown}',
};
