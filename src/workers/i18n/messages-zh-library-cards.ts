// Chinese for what the worker tells the person about the library's cards and personas (library-card-commands.ts).
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_LIBRARY_CARDS_MESSAGES_ZH: Messages = {
  'That persona is no longer in the library.': '资料库里已经没有这个人设了。',
  'another character in the library is called {name}: choose another name.':
    '资料库里已有另一个角色叫 {name}：请换一个名字。',
  'another persona in the library is called {name}: choose another name.':
    '资料库里已有另一个人设叫 {name}：请换一个名字。',
  'a name is needed: write one, or Cancel to keep it as it was.':
    '需要一个名字：请写一个，或者点“取消”保持原样。',
};
