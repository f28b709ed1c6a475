// Chinese for the assistants' text built from data: a lorebook entry as a proposal shows it before
// and after (assistant/lorebook/lorebook-tools.ts).
import type { Messages } from './translate.ts';

export const ASSISTANT_ZH: Messages = {
  Title: '标题',
  Keys: '关键词',
  'Secondary keys': '次要关键词',
  'Always on': '常驻',
  Disabled: '已停用',
  Order: '顺序',
  Content: '内容',
  Name: '名称',
  Description: '描述',
};
