// Chinese for what the worker tells the person about assistant chats (host/assistant-commands.ts).
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_ASSISTANT_MESSAGES_ZH: Messages = {
  'This lorebook is no longer in the library.': '资料库中已经没有这个设定集。',
  'Write a message for the assistant first.': '请先给助手写一条消息。',
  'The assistant is still answering: wait for its reply.': '助手还在回复：请等它答完。',
  'That proposed change is no longer in this chat.': '这条待定修改已经不在这个对话中了。',
  'That change was already applied or rejected.': '这条修改已经被应用或拒绝了。',
  'The change was not applied: {reason}': '修改没有应用：{reason}',
  'That entry is no longer in the trash.': '这个条目已经不在回收站里了。',
  'The entry was not restored: {reason}': '条目没有恢复：{reason}',
};
