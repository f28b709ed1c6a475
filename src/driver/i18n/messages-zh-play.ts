// The Chinese of two play commands: continuing a character's last turn (turns/continue-turn.ts) and
// suggesting the user's next turn (turns/suggest-turn.ts). Spread into MESSAGES_ZH;
// tests/unit/messages.test.ts keeps it complete and in use.
import type { Messages } from './translate.ts';

export const PLAY_ZH: Messages = {
  'Only the last turn of the story can be continued.': '只有故事的最后一个回合可以续写。',
  "Only a character's turn written by the model can be continued.": '只有由模型写出的角色回合可以续写。',
  "{user}'s persona: {persona}": '{user}的人设：{persona}',
  'This story has no user.': '这个故事没有用户。',
};
