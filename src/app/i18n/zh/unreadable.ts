// Chinese for the interface's words: parts of a story another device wrote that cannot be read.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_UNREADABLE: Messages = {
  'This story has parts another device wrote that cannot be read: {parts}. It opens with the rest.':
    '此故事中有另一台设备写入的无法读取的部分：{parts}。故事以其余部分打开。',
  'turns skipped: {count}': '跳过的回合 {count} 个',
  'loops in the order of turns cut: {count}': '截断的回合顺序循环 {count} 处',
  'turns whose earlier turn is missing: {count}': '缺少前一回合的回合 {count} 个',
  'perceptions skipped: {count}': '跳过的感知 {count} 条',
  'participants left out: {count}': '略去的参与者 {count} 位',
  'story details read as their defaults: {count}': '按默认值读取的故事信息 {count} 项',
  'memory records skipped: {count}': '跳过的记忆记录 {count} 条',
  'Which parts': '哪些部分',
  'Turn {id} cannot be read ({field}) and is left out.': '回合 {id} 无法读取（{field}），已略去。',
  'The turns before turn {id} loop back on themselves: the story is read from where the loop closes.':
    '回合 {id} 之前的回合首尾相接成了循环：故事从循环闭合处开始读取。',
  'Turn {id} follows a turn this device does not have ({parent}).':
    '回合 {id} 接在本设备没有的回合（{parent}）之后。',
  'What {name} perceived of turn {id} cannot be read ({field}): it counts as not written yet.':
    '{name} 对回合 {id} 的感知无法读取（{field}）：视为尚未写出。',
  'Participant {id} cannot be read ({field}) and is left out of the cast.':
    '参与者 {id} 无法读取（{field}），未列入角色。',
  'The story’s {field} cannot be read: the default is used.': '故事的 {field} 无法读取：使用默认值。',
  'A record of what {name} remembers cannot be read ({key}) and is left out.':
    '{name} 的一条记忆记录无法读取（{key}），已略去。',
  'Parts that cannot be read: {count}': '无法读取的部分：{count}',
  'where the story ends: {count}': '故事的结尾 {count} 处',
  'Another device set where this story ends to a turn this device cannot find ({leaf}). The story is shown up to its newest turn that can be read instead.':
    '另一台设备把故事的结尾设成了本设备找不到的回合（{leaf}）。现改为显示到可读取的最新回合为止。',
  'Another device set where this story ends to a turn this device cannot find ({leaf}). No turn can be read in its place.':
    '另一台设备把故事的结尾设成了本设备找不到的回合（{leaf}）。没有可读取的回合能代替它。',
  Repair: '修复',
  'Make the turn shown the end of the story on every device': '把显示的回合设为所有设备上的故事结尾',
};
