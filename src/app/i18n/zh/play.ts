// 续写与建议回合 (story/transcript/continue-turn-button.tsx, story/suggest-turn-button.tsx).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_PLAY: Messages = {
  Continue: '续写',
  'Continue this turn': '续写这个回合',
  'Continue turn by {name}': '续写{name}的回合',
  'Write more of this turn as a new alternative; ‹ › steps back to this one':
    '把这个回合接着写下去，作为新的备选；用 ‹ › 可以回到原来这一个',
  'The turn is continued once you choose.': '你做出选择后，这个回合就会被续写。',
  'Suggest my turn': '建议我的回合',
  'Drafts your next turn from what you have seen; edit it, then send it':
    '根据你所见到的内容起草你的下一个回合；修改之后再发送',
};
