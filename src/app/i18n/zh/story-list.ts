// Chinese for the interface's words: the story list (its search, last played, turns, titles told apart).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_STORY_LIST: Messages = {
  // story-list.tsx
  'Search stories': '搜索故事',
  'Title or character': '标题或角色',
  'No story matches “{query}”.': '没有与“{query}”相符的故事。',
  // story-item.tsx
  'with {names}, started {date}': '与{names}，始于{date}',
  'started {date}': '始于{date}',
  '{title} ({details})': '{title}（{details}）',
  'Last played:': '上次游玩：',
  'Turns: {count}': '回合：{count}',
};
