// Chinese for what the path commands (delete as a branch cut, the way back) tell the person.
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_PATH_MESSAGES_ZH: Messages = {
  'That turn is no longer in the story as shown (it changed on another device or in another tab), so nothing was deleted. Look at the story again and delete it there.':
    '这个回合已不在当前显示的故事中（它在另一台设备或另一个标签页中被改动），因此没有删除任何内容。请重新查看故事，再从那里删除。',
};
