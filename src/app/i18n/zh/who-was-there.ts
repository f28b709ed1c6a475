// Who was there, in the review of an imported group chat (library/who-was-there.tsx).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_WHO_WAS_THERE: Messages = {
  'Who was there': '谁在场',
  'Untick a member for the messages it was not there for: it perceives none of them.':
    '取消勾选某位成员不在场的那段消息：那段消息它一条也感知不到。',
  Messages: '消息',
  Stretch: '时段',
  '{from}–{to}': '{from}–{to}',
  '{name} was there for messages {from}–{to}': '第 {from}–{to} 条消息时{name}在场',
  'Join above: messages {from}–{to}': '并入上一段：第 {from}–{to} 条消息',
  'Join above': '并入上一段',
  'New stretch from message': '从这条消息起新开一段',
  'Add stretch': '添加时段',
};
