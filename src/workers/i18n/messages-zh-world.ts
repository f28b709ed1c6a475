// Chinese for what the worker tells the person about worlds and lorebooks (world-commands.ts, and a
// story's start with a world in library-commands.ts).
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_WORLD_MESSAGES_ZH: Messages = {
  'The world was not saved: {reason}': '世界未保存：{reason}',
  'The world was not saved.': '世界未保存。',
  'The lorebook was not saved: {reason}': '设定集未保存：{reason}',
  'The lorebook was not saved.': '设定集未保存。',
  'This story has no world to edit.': '这个故事没有可编辑的世界。',
  'This story’s world did not come from the library.': '这个故事的世界不是来自资料库。',
  'The library no longer has the world {name}.': '资料库里已经没有世界“{name}”。',
  'The lore was not saved: {reason}': '设定未保存：{reason}',
  'The library has no world {id}.': '资料库里没有世界 {id}。',
  'The library has no lorebook {id}.': '资料库里没有设定集 {id}。',
  'The world’s prompts cannot be used: {problems}': '这个世界的提示词无法使用：{problems}',
  'The preset the world suggests was not applied: {reason}': '世界建议的预设未被应用：{reason}',
};
