// Chinese for what the worker tells the person about a running story's cast (cast-commands.ts).
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_CAST_MESSAGES_ZH: Messages = {
  'The change was not saved: {reason}': '更改未保存：{reason}',
  'That character is no longer in the library.': '资料库里已经没有这个角色了。',
};
