// A SillyTavern group chat's import (import/st-group*.ts, who-was-there.ts): its report and refusals.
import type { Messages } from './translate.ts';

export const GROUP_CHAT_ZH: Messages = {
  'cards of no one in the chat': '聊天中没有人用到的角色卡',
  'members who never speak in the chat are in the story': '聊天中从未发言的成员也在故事里',
  'messages {from}–{to}: {names} not there, perceiving none of them':
    '第 {from}–{to} 条消息：{names}不在场，一条也感知不到',
  'the group “{name}”: {count} members, {muted} muted': '群组“{name}”：{count} 位成员，{muted} 位被静音',
  'who was there: a stretch begins after the last message': '谁在场：有一段从最后一条消息之后才开始',
  'who was there: {name} is not a member': '谁在场：{name}不是成员',
  'who was there: not stretches of messages in order, from the first, each naming who was absent':
    '谁在场：这不是从第一条起按顺序排列、各自写明谁不在场的消息时段',
  '{file}: {problem}': '{file}：{problem}',
  '{file}: a second group file, not read': '{file}：第二个群组文件，未读取',
  '{file} is a SillyTavern group file: choose it together with the group’s chat (JSONL) and its members’ cards.':
    '{file} 是 SillyTavern 的群组文件：请把它和群聊记录（JSONL）及成员的角色卡一起选择。',
};
